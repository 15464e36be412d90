/** An error a request is answered with: its HTTP status (4xx) and one readable sentence. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
