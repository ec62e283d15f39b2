declare module '*.po' {
  export const messages: import('@lingui/core').Messages;
}
