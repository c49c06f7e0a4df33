/// <reference lib="webworker" />
import { solveProofOfWork } from './proofOfWork';

// Solves the captcha's proof of work off the main thread, so the page stays responsive.
addEventListener('message', (event: MessageEvent<{ salt: string; challenge: string; maxnumber: number }>) => {
  void solveProofOfWork(event.data.salt, event.data.challenge, event.data.maxnumber).then((number) =>
    postMessage({ number }),
  );
});
