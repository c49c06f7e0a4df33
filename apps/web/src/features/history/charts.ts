/** The echarts parts the history chart adds to the widgets' registration (zoom and legend). */
import { DataZoomComponent, LegendComponent } from 'echarts/components';
import { echarts } from '../../shared/charts/echarts';

echarts.use([DataZoomComponent, LegendComponent]);

export { echarts };
