import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser says it is online (sections that need the server say so when it is not). */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
