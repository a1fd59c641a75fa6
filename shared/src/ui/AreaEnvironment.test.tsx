import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { createAreaEnvironment } from './AreaEnvironment.js';

const environment = createAreaEnvironment<{ greet: () => string; sign: string }>({ greet: () => 'hello from the service', sign: 'the studio' });

function Greeting() {
  const { greet, sign } = environment.useEnvironment();
  return (
    <p>
      {greet()}, {sign}
    </p>
  );
}

describe('createAreaEnvironment', () => {
  it('gives the defaults without a provider', () => {
    render(<Greeting />);
    expect(screen.getByText('hello from the service, the studio')).toBeTruthy();
  });

  it("puts a provider's entries in place of the defaults and keeps the others", () => {
    render(
      <environment.Provider value={{ greet: () => 'hello from the test' }}>
        <Greeting />
      </environment.Provider>,
    );
    expect(screen.getByText('hello from the test, the studio')).toBeTruthy();
  });
});
