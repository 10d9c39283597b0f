// What the AI controls show for a given player and game: pure, so the rules
// (what is enabled when) are tested without a browser.
export function controlState(player, game) {
  const ready = Boolean(player.engine) && !player.error;
  const over = game.over;
  return {
    status: player.error ? `AI unavailable: ${player.error}`
      : !player.engine ? 'Loading the AI…'
        : player.autoplay ? 'Autoplay is on'
          : over ? 'Game over' : 'Ready',
    hintEnabled: ready && !player.autoplay && !game.isTerminated(),
    stepEnabled: ready && !player.autoplay && !over,
    // Autoplay can be switched on while the engine loads: it starts when ready.
    autoplayEnabled: !player.error && (player.autoplay || !over),
    autoplayPressed: player.autoplay,
    autoplayLabel: player.autoplay ? 'Stop autoplay' : 'Autoplay',
    thinking: player.thinking,
  };
}
