import { z } from 'zod';

// Imported first by the in-page runtime, before any schema exists: zod must never try `new Function`
// in the page (the terminal's Content-Security-Policy has no 'unsafe-eval'; the try alone is reported).
z.config({ jitless: true });
