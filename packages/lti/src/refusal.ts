/** A launch or login the tool turns away: `reason` is shown to the person, `detail` goes to the log. */
export class LtiRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly detail: string = reason,
    readonly status = 400,
  ) {
    super(reason);
    this.name = 'LtiRefusal';
  }
}
