#!/usr/bin/env node
// npm's `bin` entry: loads tsx's ESM hooks so the TypeScript CLI runs without a build step.
import { register } from "tsx/esm/api";

register();
await import("./portfolio.ts");
