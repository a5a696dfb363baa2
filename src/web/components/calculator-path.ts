/** The address bar's name for the user type the calculator at '/' opens in (`/?as=wholesaler`). */
export const USER_TYPE_PARAM = 'as';

/**
 * The calculator opened as a wholesaler (§2: Try Calculator passes Wholesaler). The type is in the
 * address, not in navigation state: a link followed before the page's code has run is a native
 * navigation, which carries no state, and the server draws the calculator from the address.
 */
export const WHOLESALER_CALCULATOR_PATH = `/?${USER_TYPE_PARAM}=wholesaler`;
