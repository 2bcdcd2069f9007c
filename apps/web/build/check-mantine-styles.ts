import type { Plugin } from 'vite';

/** Mantine's class and keyframe names: `m_` and eight hex digits, the same in its JS and its CSS. */
const MANTINE_NAME = /\bm_[0-9a-f]{8}\b/g;
/**
 * Bundled with a component the app uses but never rendered: Checkbox ships Checkbox.Card's classes,
 * and the app has no checkbox cards.
 */
const UNUSED = new Set(['m_26775b0a']);

/**
 * src/ui-kit/mantine-styles.ts imports Mantine's styles per component. This fails the build when a Mantine
 * class in the scripts has no rule in the stylesheet: a component used without its CSS file.
 */
export function checkMantineStyles(): Plugin {
  return {
    name: 'evident:check-mantine-styles',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    writeBundle(_options, bundle) {
      const used = new Set<string>();
      const styled = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') for (const name of file.code.match(MANTINE_NAME) ?? []) used.add(name);
        else if (file.fileName.endsWith('.css')) {
          for (const name of String(file.source).match(MANTINE_NAME) ?? []) styled.add(name);
        }
      }
      const missing = [...used].filter((name) => !styled.has(name) && !UNUSED.has(name));
      if (missing.length > 0) {
        this.error(
          `Mantine classes without styles: ${missing.join(', ')}. Import the component's CSS in src/ui-kit/mantine-styles.ts (grep the name in node_modules/@mantine/core/styles).`,
        );
      }
    },
  };
}
