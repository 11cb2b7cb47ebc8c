// npm run man: regenerates man/hazsim.1 from the command definitions (a test checks it is current).
import fs from 'node:fs';
import path from 'node:path';
import { createProgram } from './main.js';
import { createContext } from './context.js';
import { manPage } from './manPage.js';
import { PACKAGE_ROOT } from '../src/base/version.js';

fs.writeFileSync(path.join(PACKAGE_ROOT, 'man', 'hazsim.1'), manPage(createProgram(createContext())));
