/** The product's name: every page title reads "{PRODUCT_NAME} - {page title}". */
export const PRODUCT_NAME: string = import.meta.env.VITE_PRODUCT_NAME || 'WheelsOnWeb';
