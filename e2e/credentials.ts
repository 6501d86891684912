/** The store the e2e server seeds: its administrator and a customer. */
export const ADMIN = { login: "admin", password: "e2e-admin-password" };
export const CUSTOMER = { login: "shopper", password: "e2e-customer-password" };
