// Unit tests get jest-dom's matchers from scripts/vitest-unit.setup.ts; this gives tsc their types.
/// <reference types="@testing-library/jest-dom/vitest" />
