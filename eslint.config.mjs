// Lint (`npm run lint`, part of `npm test`). Formatting is Biome's (biome.json), so no rule
// here is about layout. Type-aware rules run on the code that ships (the site, the generator,
// the CLI and its tools, the migrations); tests, benchmarks and scripts get the rules that
// need no types, which keeps the run to one TypeScript program of the shipped code:
// tsconfig.lint.json's. typescript-eslint's project service would open tsconfig.json's
// whole program, tests included, and take half as long again (87 s of CPU against 60 s).
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** The code that ships: what the type-aware rules read. */
const SHIPPED = ["src/**/*.{ts,tsx}", "codegen/**/*.ts", "bin/**/*.ts", "tools/**/*.ts", "migrations/**/*.ts", "netlify/**/*.ts"];

/**
 * The generator's one door (design: "The generator's one door"): outside codegen/, the package is imported by its
 * name and `exports` (`storyblok-typed-codegen`, `…/cli`, `…/scaffold`, `…/engine`), as an adopter
 * imports it; a relative path into codegen/ is refused. A relative specifier names codegen/ only
 * from a given depth (`../codegen` from bin/x.ts, `../../codegen` from bin/commands/x.ts; from
 * tests/unit/migrate/, `../codegen/helpers` is tests/unit/codegen/), so a block per depth.
 */
const ONE_DOOR =
  "The generator is used through its package: import it as `storyblok-typed-codegen` (or its `/cli`, `/scaffold`, `/engine` exports), not by a path into codegen/.";
function oneDoor(depth) {
  const up = depth === 0 ? "\\./" : `(\\./)?(\\.\\./){${depth}}`;
  return {
    files: [`${"*/".repeat(depth)}*.{ts,tsx,mts,cts}`],
    ignores: ["codegen/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: `^${up}codegen(/.*)?$`, message: ONE_DOOR }] }],
    },
  };
}
/** How deep a file outside codegen/ may sit (tests/unit/migrate/support/x.ts is 4); deeper, and a path import would pass. */
const ONE_DOOR_DEPTH = 8;

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      ".next/**",
      "**/.next/**",
      // The test builds (npm test's, beside the lint) and what other tools write: git ignores them too.
      ".next-e2e-*/**",
      "out/**",
      "tmp/**",
      ".data/**",
      ".stryker-tmp/**",
      "playwright-report/**",
      "public/islands/**",
      "codegen/dist/**",
      // Written by the generator and checked by `portfolio check` against the schema; never edited by hand.
      "src/generated/**",
      "tests/fixtures/**",
      "test-results/**",
      "reports/**",
      "coverage/**",
      "next-env.d.ts",
      // Plain JavaScript entry points and configs, kept small; their logic is in TypeScript.
      "**/*.{js,mjs,cjs}",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: SHIPPED,
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { project: "./tsconfig.lint.json", tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ["src/**/*.tsx", "src/**/*.ts"],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ["src/pages/**/*.{ts,tsx}", "src/**/*.tsx"],
    plugins: { "@next/next": nextPlugin },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      // Images come from Storyblok's image service at the sizes src/ui/AssetImage.tsx asks for (srcset,
      // crop, format); next/image's optimizer would fetch and re-encode them again on this server.
      "@next/next/no-img-element": "off",
    },
    settings: { next: { rootDir: import.meta.dirname } },
  },
  ...Array.from({ length: ONE_DOOR_DEPTH + 1 }, (_, depth) => oneDoor(depth)),
  {
    // Libraries do not depend on the generator's CLI layer (it prints and touches the disk): only bin/ runs it.
    files: ["tools/**/*.ts", "src/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "storyblok-typed-codegen/cli",
              message: "A library uses the generator's library (`storyblok-typed-codegen`); its CLI is for bin/.",
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      // `_name` marks a binding kept for its position or to leave a property out of a rest object.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
);
