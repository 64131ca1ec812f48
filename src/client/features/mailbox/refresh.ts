/**
 * How often the mailbox asks the server again while it is open: someone waiting
 * for an e-mail sees it arrive, and its status change, without reloading. React
 * Query pauses the polling while the tab is hidden.
 */
export const mailboxRefreshMs = 3_000;
