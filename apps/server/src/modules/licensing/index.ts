// Licensing: subscription tokens (licences), their limits and the plans catalogue.
// Public API: createLicensingService({ db, usage, users }) → getActiveLicence, issueTrial, issuePlan.
// Owns subscription_types, plans and subscription_tokens; reads accounts through the users directory.
// Other modules provide usage counts through UsageProvider; enforcement reads getActiveLicence.
export {
  addMonths,
  createLicensingService,
  type LicensingDeps,
  type LicensingService,
  type UsageProvider,
  zeroUsage,
} from './licensing.service.js';
