/** The product's name: a brand, the same in every language (page titles, the app bar, the landing page). */
export const APP_NAME = 'ADHD SuperApp';
