/**
 * A compiler host for tests that build many TypeScript programs in one file:
 * it parses each file under node_modules (the standard library, @types/node,
 * React's types) once and hands the same source file to every later program,
 * as the language service's document registry does. Files a test writes
 * (generated code, migrations) are read fresh each time.
 *
 * A program's `oldProgram` reuses files only when its root files are the same;
 * the tests' programs each have their own temporary folder, so without this
 * every one parsed the libraries again: about a second of CPU of a 1.4 s
 * check of a migration.
 */
import ts from "typescript";

/** One cache per compiler options object: the options decide how a file is parsed. */
const caches = new WeakMap<ts.CompilerOptions, Map<string, ts.SourceFile>>();

export function cachedCompilerHost(options: ts.CompilerOptions): ts.CompilerHost {
  let cache = caches.get(options);
  if (!cache) caches.set(options, (cache = new Map()));
  const parsed = cache;
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
    if (shouldCreateNewSourceFile || !fileName.includes("/node_modules/"))
      return getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
    // A file is parsed differently as an ES module or as CommonJS (impliedNodeFormat).
    const key = `${fileName}\0${JSON.stringify(languageVersionOrOptions)}`;
    let file = parsed.get(key);
    if (!file) {
      file = getSourceFile(fileName, languageVersionOrOptions, onError);
      if (file) parsed.set(key, file);
    }
    return file;
  };
  return host;
}
