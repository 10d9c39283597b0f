// What the AI controls show for a given autoplay controller and game: pure,
// so the rules (what is enabled when) are tested without a browser.
export function controlState(controller, game) {
  const ready = Boolean(controller.engine) && !controller.error;
  const over = game.over;
  return {
    status: controller.error
      ? `AI unavailable: ${controller.error}`
      : !controller.engine
        ? 'Loading the AI…'
        : controller.autoplay
          ? 'Autoplay is on'
          : over
            ? 'Game over'
            : 'Ready',
    hintEnabled: ready && !controller.autoplay && !game.isTerminated(),
    stepEnabled: ready && !controller.autoplay && !over,
    // Autoplay can be switched on while the engine loads: it starts when ready.
    autoplayEnabled: !controller.error && (controller.autoplay || !over),
    autoplayPressed: controller.autoplay,
    autoplayLabel: controller.autoplay ? 'Stop' : 'Autoplay', // one word: it fits its button at every width
    thinking: controller.thinking,
  };
}
