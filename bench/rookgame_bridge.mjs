// A bridge to marvj69/rookGame's computer player (MIT), for bench/rookgame.py only: never part of the game.
//
// It loads rookGame's own modules from the checkout named by TRICKHOUSE_ROOKGAME_DIR (nothing of rookGame is in
// this repository) and answers one decision per line of JSON on stdin with one line of JSON on stdout. Each request
// carries one seat's view in rookGame's own state shape: the seat's cards, and only the number of cards every other
// hand holds. Requests:
//   {"op": "bid", "state": S, "seat": p}            -> {"bid": 0 | amount}               (chooseBotBid)
//   {"op": "kitty", "state": S, "seat": p}          -> {"discards": [ids], "trump": colour, "valid": bool}
//   {"op": "play", "state": S, "seat": p, "seed": n} -> {"card": id, "turn": seat, "legal": [ids], "ms": ms}
//   {"op": "check-kitty", "hand": [cards], "discards": [cards], "trump": colour} -> {"valid": bool}
// "play" runs the live search profile (LIVE_SEARCH_CONFIG: live-challenger-v6) with its fixed sample count, as
// rookGame's own benchmark does; "turn" and "legal" are rookGame's idea of whose turn it is (worked out from the
// tricks, not read from the request) and of the legal cards, for the referee to compare with the engine's.
import { createInterface } from "node:readline";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import path from "node:path";

const root = process.env.TRICKHOUSE_ROOKGAME_DIR;
if (!root) {
  process.stderr.write("TRICKHOUSE_ROOKGAME_DIR is not set\n");
  process.exit(2);
}
const load = (file) => import(pathToFileURL(path.join(root, file)).href);
const game = await load("src/game.js");
const ai = await load("src/ai.js");
const { LIVE_SEARCH_CONFIG, normalizeSearchConfig } = await load("src/ai/config.js");
const { evaluateSampledPlayCandidates } = await load("src/ai/search.js");

function view(state, seat) {
  // the seat's own cards in rookGame's order; every other hand only as its size
  return {
    ...state,
    kitty: [],
    hands: state.hands.map((hand, index) => (index === seat ? game.sortHand(hand) : new Array(hand))),
  };
}

function turnFromTricks(state) {
  const trick = state.currentTrick;
  if (trick.length) return (trick[trick.length - 1].pid + 1) % 4;
  const last = state.tricks[state.tricks.length - 1];
  if (!last) return state.bidInfo.bidder; // the declarer leads the first trick
  const lead = game.getLeadColor(last, state.trump);
  let best = last[0];
  for (const play of last) {
    if (game.getCardPower(play.card, state.trump, lead) > game.getCardPower(best.card, state.trump, lead)) best = play;
  }
  return best.pid;
}

function answer(request) {
  const { op, seat } = request;
  if (op === "check-kitty") {
    return { valid: game.isValidKittyDiscard(request.hand, request.discards, request.trump) };
  }
  const state = view(request.state, seat);
  if (op === "bid") return { bid: ai.chooseBotBid(state, seat, 150) };
  if (op === "kitty") {
    const hand = state.hands[seat];
    const plan = ai.chooseBotKittyPlan(hand, { game: state, playerId: seat });
    return {
      discards: plan.discards.map((card) => card.id),
      trump: plan.trump,
      valid: game.isValidKittyDiscard(hand, plan.discards, plan.trump),
    };
  }
  if (op === "play") {
    const hand = state.hands[seat];
    const lead = game.getLeadColor(state.currentTrick, state.trump);
    const legal = hand.filter((card) => game.isValidMove(card, hand, lead, state.trump)).map((card) => card.id);
    const started = performance.now();
    const config = normalizeSearchConfig({ ...LIVE_SEARCH_CONFIG, timeLimitMs: 5000, seed: request.seed });
    const fallbackCard = ai.chooseBotPlay(state, seat);
    const result = evaluateSampledPlayCandidates(state, seat, { ...config, fallbackCard, policy: ai.chooseBotPlay });
    const card = result.card ?? fallbackCard;
    return { card: card.id, turn: turnFromTricks(state), legal, ms: performance.now() - started };
  }
  throw new Error(`unknown op ${op}`);
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  let reply;
  try {
    reply = answer(JSON.parse(line));
  } catch (error) {
    reply = { error: String(error?.stack ?? error) };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
