// Licensing: subscription tokens (licences), their limits and the plans catalogue.
// Public API: createLicensingService({ db, usage }) → getActiveLicence, issueTrial, issuePlan.
// Other modules provide usage counts through UsageProvider; enforcement reads getActiveLicence.
export {
  addMonths,
  createLicensingService,
  type LicensingDeps,
  type LicensingService,
  type UsageProvider,
  zeroUsage,
} from './licensing.service.js';
