/**
 * The public Storyblok + React projects the adoption bench type-checks, each
 * read from a checkout at the commit named here (none of their code is in this
 * repository: see bench/adoption/README.md for how to get the checkouts).
 *
 * For each: where its component schema export is, the module its renderers
 * import their block types from (the one file the bench replaces: the
 * mechanical edit), the renderer files tsc starts from, and the packages the
 * renderers' types come from at the versions of the project's lockfile.
 */
export interface AdoptionProject {
  /** The checkout's folder name under the projects folder. */
  name: string;
  repo: string;
  commit: string;
  /** As the repository states it; "none stated" means all rights reserved: nothing of it is committed here. */
  licence: string;
  framework: string;
  /** The Storyblok CLI's `pull-components` export, relative to the checkout. */
  schema: string;
  /**
   * The module the renderers import block types from (storyblok-generate-ts's
   * output in all three). The bench writes a shim in its place that exports
   * the same names from the generator under test.
   */
  typesModule: string;
  /** Renderer files (relative, globs with one `*` per segment): tsc's roots; it follows their imports. */
  renderers: string[];
  /** Renderer files to leave out of the roots (the projects' own unit tests). */
  excludeRenderers?: RegExp;
  /**
   * What the project's content requests resolve, read from its code (the union over its requests):
   * declared to our generator as an adopter declares it, in a `relations.json` beside the schema
   * (`resolve_links` rides along in the same file for when the generator reads it; today it ignores it).
   */
  requests: { resolveRelations: string[]; resolveLinks?: "url" | "story" | "link" };
  /** npm packages at the lockfile's versions, installed into a cache beside the checkouts. */
  packages: Record<string, string>;
  /** The project's own tsconfig options that decide how its code resolves and checks. */
  compilerOptions: Record<string, unknown>;
}

export const PROJECTS: readonly AdoptionProject[] = [
  {
    name: "luba-web",
    repo: "kirillsud/luba-web",
    commit: "488d2eadc123c81e5177e1026300ec5d44da9c5a",
    licence: "MIT (package.json; no LICENSE file)",
    framework: "Next.js 13 app router, @storyblok/react 2 (rsc)",
    schema: "src/utils/components.storyblok.json",
    typesModule: "src/utils/components.storyblok.d.ts",
    renderers: ["src/components/storyblok/*/*.tsx", "src/components/storyblok-page/*.tsx"],
    excludeRenderers: /\.spec\.tsx$/,
    // src/utils/storyblok.tsx, loadStory.
    requests: { resolveRelations: ["portfolio.projects"], resolveLinks: "story" },
    packages: {
      typescript: "5.1.6",
      "@storyblok/react": "2.4.5",
      "@storyblok/js": "2.2.12",
      "storyblok-js-client": "5.14.4",
      "storyblok-rich-text-react-renderer": "2.9.0",
      "@types/react": "18.2.21",
      "@types/react-dom": "18.2.7",
      classnames: "2.3.2",
      react: "18.2.0",
      next: "13.4.19",
      "@types/node": "18.14.2",
    },
    compilerOptions: { target: "es2015", lib: ["es2020", "dom"], moduleResolution: "node", jsx: "preserve" },
  },
  {
    name: "shelton-mindel",
    repo: "Galerie-56/shelton-mindel",
    commit: "0dbfa7ec265528932b6fe023b780c8da407280c1",
    licence: "none stated",
    framework: "Remix 2 (Vite), @storyblok/react 4",
    schema: "components.258807.json",
    typesModule: "app/types/component-types-sb.d.ts",
    renderers: ["app/components/bloks/*.tsx"],
    // The project lists and routes (ProjectsList, spaces.$, categories.$); root.tsx and getPerPage resolve links.
    requests: { resolveRelations: ["project.category"], resolveLinks: "url" },
    packages: {
      typescript: "5.8.2",
      "@storyblok/react": "4.4.0",
      "@storyblok/js": "3.2.2",
      "storyblok-js-client": "6.10.7",
      "@types/react": "19.0.10",
      react: "19.0.0",
      "@remix-run/react": "2.16.0",
      "@remix-run/node": "2.16.0",
      "@types/node": "22.13.8",
      // The UI libraries its block renderers' helpers type their props with (the rest are stubbed).
      "class-variance-authority": "0.7.1",
      clsx: "2.1.1",
      "tailwind-merge": "2.6.0",
      "embla-carousel-react": "8.5.2",
      "embla-carousel-autoplay": "8.5.2",
      "embla-carousel-fade": "8.5.2",
      "@radix-ui/react-dialog": "1.1.6",
      "@radix-ui/react-slot": "1.1.2",
    },
    compilerOptions: {
      target: "ES2022",
      lib: ["DOM", "DOM.Iterable", "ES2022"],
      moduleResolution: "Bundler",
      jsx: "react-jsx",
      baseUrl: ".",
      paths: { "~/*": ["./app/*"] },
    },
  },
  {
    name: "hydrogen-storyblok",
    repo: "juanpprieto/hydrogen-storyblok",
    commit: "4baf57f223b51c2294e3f471a6937850b205b408",
    licence: "none stated",
    framework: "Shopify Hydrogen 2023.1 (Remix 1), @storyblok/react 2",
    schema: "components.1005617.json",
    typesModule: "component-types-sb.d.ts",
    renderers: ["app/bloks/*.tsx"],
    // root.tsx and the routes' `cdn/stories` requests resolve nothing.
    requests: { resolveRelations: [] },
    packages: {
      typescript: "4.9.5",
      "@storyblok/react": "2.0.12",
      "@storyblok/js": "2.0.16",
      "storyblok-js-client": "5.4.2",
      "@types/react": "18.0.28",
      react: "18.2.0",
      "@remix-run/react": "1.12.0",
    },
    compilerOptions: {
      target: "ES2022",
      lib: ["DOM", "DOM.Iterable", "ES2022"],
      moduleResolution: "node",
      jsx: "react-jsx",
      baseUrl: ".",
      paths: { "~/*": ["app/*"] },
    },
  },
];
