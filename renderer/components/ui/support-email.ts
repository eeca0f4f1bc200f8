/** Support is reached at the host the app is served from (support@{host}). */
export const supportEmail = (): string => `support@${window.location.hostname}`;
