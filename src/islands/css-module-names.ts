import { readFileSync } from "node:fs";
import type { Plugin } from "esbuild";

/**
 * The class names a CSS Module declares: every `.name` in a selector. Comments,
 * strings and `url(…)` are skipped first, so `url(../x.woff2)` is no class; a
 * name found in a value (none in this site's modules) would only add an
 * unused key.
 */
export function declaredClassNames(css: string): string[] {
  const code = css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/url\([^)]*\)/gi, "")
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, "");
  return [...new Set(Array.from(code.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g), (match) => match[1]!))];
}

/**
 * esbuild plugin: `import styles from "./X.module.css"` gives the names the
 * site's Next.js build gives the same classes (one function names them in
 * both builds), and no CSS: the page the islands run on has these styles
 * already, from the server's render of the same component.
 */
export function cssModuleClassNames(className: (file: string, localName: string) => string): Plugin {
  return {
    name: "css-module-class-names",
    setup(build) {
      build.onLoad({ filter: /\.module\.css$/ }, (args) => {
        const names = Object.fromEntries(
          declaredClassNames(readFileSync(args.path, "utf8")).map((local) => [local, className(args.path, local)]),
        );
        return { contents: `export default ${JSON.stringify(names)};`, loader: "js" };
      });
    },
  };
}
