import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import CampaignRoundedIcon from '@mui/icons-material/CampaignRounded';
import CodeRoundedIcon from '@mui/icons-material/CodeRounded';
import DeviceThermostatRoundedIcon from '@mui/icons-material/DeviceThermostatRounded';
import EmojiObjectsRoundedIcon from '@mui/icons-material/EmojiObjectsRounded';
import LightModeRoundedIcon from '@mui/icons-material/LightModeRounded';
import PlaceRoundedIcon from '@mui/icons-material/PlaceRounded';
import SensorsRoundedIcon from '@mui/icons-material/SensorsRounded';
import ToggleOnRoundedIcon from '@mui/icons-material/ToggleOnRounded';
import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import WaterDropRoundedIcon from '@mui/icons-material/WaterDropRounded';
import type { SvgIconProps } from '@mui/material';
import { tiposSensor } from '@nexo/contracts';

/** The icon of a sensor type (spec 1 §3 ids), used on device cards and lists. */
export function SensorTypeIcon({ tipo, ...props }: { tipo: number } & SvgIconProps) {
  switch (tipo) {
    case tiposSensor.temperatura:
    case tiposSensor.lm35:
    case tiposSensor.ds18b20:
      return <DeviceThermostatRoundedIcon {...props} />;
    case tiposSensor.humedad:
      return <WaterDropRoundedIcon {...props} />;
    case tiposSensor.switch:
      return <ToggleOnRoundedIcon {...props} />;
    case tiposSensor.dimmer:
      return <TuneRoundedIcon {...props} />;
    case tiposSensor.buzzer:
      return <CampaignRoundedIcon {...props} />;
    case tiposSensor.ldr:
      return <LightModeRoundedIcon {...props} />;
    case tiposSensor.rele:
      return <BoltRoundedIcon {...props} />;
    case tiposSensor.lampara:
      return <EmojiObjectsRoundedIcon {...props} />;
    case tiposSensor.gps:
      return <PlaceRoundedIcon {...props} />;
    case tiposSensor.desarrollador:
      return <CodeRoundedIcon {...props} />;
    default:
      return <SensorsRoundedIcon {...props} />;
  }
}
