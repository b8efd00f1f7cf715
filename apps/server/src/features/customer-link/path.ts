/** The page of a customer's link: `/visit/<token>`. */
export const LINK_PATH = '/visit';
