// jest-dom matchers on the `expect` of '@jest/globals' (the jest setup file registers them at run time).
import '@testing-library/jest-dom/jest-globals';
