import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` waits up to 5 s instead of 1 s: a lazily loaded part (the attention notice, a dialog) takes longer
// than a second to import on a loaded 2-core machine, which made tests fail that wait for something that comes.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
