/** The demo store's name: its account's, its statement descriptor's and its e-mails'. */
export const STORE_NAME = "Paydesk Demo Store";
