// Thrown at start-up for a setting that is missing or wrong; the message names the variable.
export class ConfigError extends Error {
  override name = 'ConfigError';
}
