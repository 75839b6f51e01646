/** Value sets of installations (the reference's IntegrationInstallationStatus and selections). */
export const INSTALLATION_STATUSES = ['active', 'pending', 'paused'] as const;
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number];

export const INSTALLATION_SELECTIONS = ['all', 'selected'] as const;
export type InstallationSelection = (typeof INSTALLATION_SELECTIONS)[number];

/** The reference's bound on externalIds. */
export const MAX_EXTERNAL_IDS = 5;
