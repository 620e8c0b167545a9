import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// `ANALYZE=1 npm run build:web` writes dist-stats/bundle.html: what each chunk holds, with gzip sizes.
const analyze = process.env.ANALYZE === '1';

// React Router 7 publishes only its development build through package exports (remix-run/react-router#12532,
// #14102): dev warnings and checks that double its size. The production build sits beside it; use it when building.
const reactRouterProduction = path.join(
  path.dirname(path.dirname(createRequire(import.meta.url).resolve('react-router'))),
  'production/index.mjs',
);

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

/**
 * The contract's zod schemas are built when their module loads, and Rollup cannot tell that building one changes
 * nothing else: a page that read one constant or message of a contract module downloaded zod (26 kB gzipped) and
 * every schema of that module. Each call in the initialiser of a module-level `const` of a contract module that
 * imports zod is marked pure (not calls inside functions, which run later), so an unused schema is dropped and zod
 * comes only with a page that validates something (decision 054).
 */
function pureContractSchemas(): Plugin {
  const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && 'type' in value;
  return {
    name: 'pure-contract-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/packages/contract/src/') || !/from ['"]zod['"]/.test(code)) return null;
      const starts = new Set<number>();
      const visit = (node: Node) => {
        if (/Function|Class/.test(node.type)) return;
        if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
        for (const value of Object.values(node)) {
          for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
        }
      };
      for (const statement of this.parse(code).body as unknown as Node[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) if (isNode(declarator.init)) visit(declarator.init);
      }
      let marked = code;
      for (const at of [...starts].sort((a, b) => b - a)) marked = `${marked.slice(0, at)}/*#__PURE__*/ ${marked.slice(at)}`;
      return { code: marked, map: null };
    },
  };
}

/**
 * MUI 7's createTheme and ThemeProvider bring the CSS-variables theme (createThemeWithVars, CssVarsProvider, the
 * colour-scheme storage and script: about 10 kB gzipped) into every page drawn with MUI, though the portal's theme
 * is a plain one (`createTheme({ palette, … })`, no `cssVariables`, no `colorSchemes`), which MUI builds with
 * createThemeNoVars and provides with ThemeProviderNoVars. The build gives MUI those two modules as that plain path
 * alone, and refuses a CSS-variables theme instead of building one wrongly (decision 054). The build stops if MUI's
 * modules no longer read as expected.
 */
function muiThemeWithoutCssVariables(): Plugin {
  const shims: Record<string, { expect: string[]; code: string }> = {
    '/@mui/material/esm/styles/createTheme.js': {
      expect: ['if (cssVariables === false) {', "if (!('colorSchemes' in options)) {", 'return createThemeNoVars(options, ...args);'],
      code: `import createThemeNoVars from './createThemeNoVars.js';
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) throw new Error('This build of the portal has no CSS-variables theme (vite.config.ts)');
  return createThemeNoVars(options, ...args);
}
`,
    },
    '/@mui/material/esm/styles/ThemeProvider.js': {
      expect: ["if (!('colorSchemes' in muiTheme)) {", 'return /*#__PURE__*/_jsx(ThemeProviderNoVars, {'],
      code: `'use client';
import * as React from 'react';
import ThemeProviderNoVars from './ThemeProviderNoVars.js';
import THEME_ID from './identifier.js';
import { jsx as _jsx } from 'react/jsx-runtime';
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) throw new Error('This build of the portal has no CSS-variables theme (vite.config.ts)');
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return _jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}
`,
    },
  };
  return {
    name: 'mui-theme-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const path = id.replaceAll('\\', '/').split('?')[0];
      const key = Object.keys(shims).find((end) => path.endsWith(`/node_modules${end}`));
      if (!key) return null;
      const original = readFileSync(path, 'utf8');
      const missing = shims[key].expect.filter((line) => !original.includes(line));
      if (missing.length) this.error(`${key} changed (${missing.join(' | ')}): review muiThemeWithoutCssVariables`);
      return shims[key].code;
    },
  };
}

/**
 * MUI's TextField imports Select (with Menu, Popover, Modal, Backdrop and Grow: about 14 kB gzipped) for its `select`
 * prop, so every page with a text box downloaded the menu of a select it did not draw. The build gives TextField
 * the Select lazily (React.lazy), fetched when a `select` field is first drawn; until it has arrived the field is
 * drawn as the plain outlined box it wraps, read-only, with its label (tied by the id, which TextField leaves to the
 * Select), value and helper text (decision 054). Since the fourth round it is not fetched when drawn but when the field
 * is first pressed or opened from the keyboard (shared/ui/select-when-touched.tsx), and drawn open. The build stops if
 * TextField no longer reads as expected.
 */
function muiTextFieldSelectWhenDrawn(): Plugin {
  const file = '/@mui/material/esm/TextField/TextField.js';
  const whenTouched = JSON.stringify(fileURLToPath(new URL('./src/shared/ui/select-when-touched.tsx', import.meta.url)));
  const edits: [string, string][] = [
    [
      'import Select from "../Select/index.js";',
      `const Select = /*#__PURE__*/React.lazy(() => import("../Select/index.js"));\nimport { SelectWhenTouched } from ${whenTouched};`,
    ],
    [
      'select ? /*#__PURE__*/_jsx(SelectSlot, {',
      'select ? /*#__PURE__*/_jsx(SelectWhenTouched, { Select: SelectSlot, fallback: /*#__PURE__*/React.cloneElement(InputElement, { id: id, readOnly: true }), selectProps: {',
    ],
    ['      children: children\n    }) : InputElement,', '      children: children\n    } }) : InputElement,'],
  ];
  return {
    name: 'mui-text-field-select-when-drawn',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').split('?')[0].endsWith(`/node_modules${file}`)) return null;
      let edited = code;
      for (const [from, to] of edits) {
        if (edited.split(from).length !== 2) this.error(`${file} changed (${from}): review muiTextFieldSelectWhenDrawn`);
        edited = edited.replace(from, to);
      }
      return { code: edited, map: null };
    },
  };
}

/**
 * What every page drawn with MUI loads before its own code (the theme, emotion, ButtonBase, Button, Paper, Typography,
 * Stack, Box, SvgIcon, CircularProgress and the MUI, emotion and utility modules under them: about 40 kB gzipped),
 * which Rollup split into sixteen chunks by the pages sharing each, as one chunk: fewer requests, and gzip compresses
 * it as one. Listed by file (`onlyExplicitManualChunks`: nothing else is pulled in with them, neither MUI's index nor
 * React, so the entry and the pages drawn without MUI do not load it). A module left off the list only stays in the
 * chunks Rollup makes; decision 054.
 */
const MUI_BASE: Record<string, string> = {
  '@mui/material/esm/': `Box/Box Box/boxClasses Button/Button Button/buttonClasses ButtonBase/ButtonBase ButtonBase/Ripple
    ButtonBase/TouchRipple ButtonBase/buttonBaseClasses ButtonBase/touchRippleClasses ButtonGroup/ButtonGroupButtonContext
    ButtonGroup/ButtonGroupContext CircularProgress/CircularProgress CircularProgress/circularProgressClasses
    DefaultPropsProvider/DefaultPropsProvider GlobalStyles/GlobalStyles Paper/Paper Paper/paperClasses Stack/Stack
    SvgIcon/SvgIcon SvgIcon/svgIconClasses Typography/Typography Typography/typographyClasses colors/blue colors/common
    colors/green colors/grey colors/lightBlue colors/orange colors/purple colors/red styles/ThemeProvider
    styles/ThemeProviderNoVars styles/createMixins styles/createPalette styles/createTheme styles/createThemeNoVars
    styles/createTransitions styles/createTypography styles/defaultTheme styles/getOverlayAlpha styles/identifier
    styles/rootShouldForwardProp styles/shadows styles/slotShouldForwardProp styles/stringifyTheme styles/styled
    styles/useTheme styles/zIndex useLazyRipple/useLazyRipple utils/createSimplePaletteValueFilter utils/createSvgIcon
    utils/memoTheme utils/useSlot zero-styled/index`,
  '@mui/utils/esm/': `ClassNameGenerator/ClassNameGenerator appendOwnerState/appendOwnerState capitalize/capitalize clamp/clamp
    composeClasses/composeClasses deepmerge/deepmerge extractEventHandlers/extractEventHandlers
    formatMuiErrorMessage/formatMuiErrorMessage generateUtilityClass/generateUtilityClass
    generateUtilityClasses/generateUtilityClasses isFocusVisible/isFocusVisible isHostComponent/isHostComponent
    mergeSlotProps/mergeSlotProps omitEventHandlers/omitEventHandlers resolveComponentProps/resolveComponentProps
    resolveProps/resolveProps useEnhancedEffect/useEnhancedEffect useEventCallback/useEventCallback useForkRef/useForkRef
    useId/useId useLazyRef/useLazyRef useOnMount/useOnMount useTimeout/useTimeout`,
  '@mui/system/esm/': `DefaultPropsProvider/DefaultPropsProvider GlobalStyles/GlobalStyles RtlProvider/index Stack/createStack
    ThemeProvider/ThemeProvider ThemeProvider/useLayerOrder borders/borders breakpoints/breakpoints
    colorManipulator/colorManipulator compose/compose createBox/createBox createBreakpoints/createBreakpoints
    createStyled/createStyled createTheme/applyStyles createTheme/createSpacing createTheme/createTheme createTheme/shape
    cssContainerQueries/cssContainerQueries cssGrid/cssGrid memoTheme memoize/memoize merge/merge palette/palette
    preprocessStyles sizing/sizing spacing/spacing style/style styleFunctionSx/defaultSxConfig
    styleFunctionSx/extendSxProp styleFunctionSx/styleFunctionSx styled/styled useTheme/useTheme
    useThemeProps/getThemeProps useThemeProps/useThemeProps useThemeWithoutDefault/useThemeWithoutDefault`,
  '@babel/runtime/helpers/esm/': 'assertThisInitialized extends inheritsLoose objectWithoutPropertiesLoose setPrototypeOf',
  'react-transition-group/esm/': 'TransitionGroup TransitionGroupContext utils/ChildMapping',
};
const muiBaseFiles = new Set(
  Object.entries(MUI_BASE).flatMap(([dir, files]) => files.split(/\s+/).map((file) => `/node_modules/${dir}${file}.js`)),
);
/** Whole packages that are only MUI's styling engine and what it uses. */
const MUI_BASE_PACKAGES = [
  '@emotion/',
  'stylis/',
  'react-is/',
  'hoist-non-react-statics/',
  'clsx/',
  '@mui/private-theming/',
  '@mui/styled-engine/',
];
const MUI_BASE_APP = ['/apps/web/src/shared/theme/theme.ts', '/apps/web/src/shared/theme/mui-frame.tsx'];

function muiBaseChunk(id: string): string | undefined {
  const file = id.replaceAll('\\', '/').replace(/^\0/, '').split('?')[0];
  if (muiBaseFiles.has(file.slice(file.lastIndexOf('/node_modules/')))) return 'mui-base';
  if (MUI_BASE_PACKAGES.some((name) => file.includes(`/node_modules/${name}`))) return 'mui-base';
  if (MUI_BASE_APP.some((end) => file.endsWith(end))) return 'mui-base';
  return undefined;
}

export default defineConfig(({ mode }) => ({
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  plugins: [
    react(),
    pureContractSchemas(),
    muiThemeWithoutCssVariables(),
    muiTextFieldSelectWhenDrawn(),
    // Brotli and gzip copies of every text asset, made once at build time; the server sends the one the
    // browser accepts (decision 033).
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|map)$/,
      threshold: 512,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
    analyze && (visualizer({ filename: 'dist-stats/bundle.html', gzipSize: true, brotliSize: true }) as PluginOption),
    analyze && (visualizer({ filename: 'dist-stats/bundle.json', template: 'raw-data', gzipSize: true }) as PluginOption),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    modulePreload: false,
    // The server finds the sign-in page's script by the manifest (decision 042).
    manifest: true,
    rollupOptions: {
      input: { main: 'index.html', 'sign-in': 'src/sign-in.ts' },
      // Small shared chunks are merged (Rollup keeps each entry's side effects): the dashboard came in 24 requests,
      // which a phone on HTTP/1.1 fetches six at a time; now 3 (decision 043).
      output: { manualChunks: muiBaseChunk, onlyExplicitManualChunks: true },
    },
  },
}));
