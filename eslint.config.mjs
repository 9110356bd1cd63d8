import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/dist-ssr/**",
      "data/**",
      "web/src/generated/**",
      "api/src/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        __dirname: "readonly",
        URL: "readonly",
        fetch: "readonly",
        setTimeout: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Test helpers read loosely typed JSON answers.
      "@typescript-eslint/no-explicit-any": "off",
      // What is imported for its type only says so: it is erased from the build, and readers
      // (and the import-graph test) see which dependencies exist at run time.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Hooks called in a fixed order, and effects that name everything they read: a stale value
    // in an effect or a callback is a bug no test of ours would see reliably.
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // TypeGraphQL and TypeORM read decorated signatures' types at run time (decorator
    // metadata): told so, the type-imports rule leaves the imports those files need.
    files: ["api/**/*.ts", "ormconfig.ts"],
    languageOptions: { parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true } },
  },
  {
    // The rules shared with the web must stay plain TypeScript with no dependency: they import
    // nothing but each other (./rules, ./form-rules…).
    files: ["api/src/shared/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ regex: "^(?!\\./[\\w-]+$)" }] }] },
  },
  {
    // The API's test files share a process (api/vitest.config.mts). A fresh copy of the modules
    // would register the resolvers' decorators a second time in TypeGraphQL's global storage,
    // and every file after it would see a schema built from both copies.
    files: ["api/**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "vi",
          property: "resetModules",
          message: "Build a fresh instance instead (see db/outage.ts outageLog).",
        },
      ],
    },
  },
);
