/**
 * The marketing pages ship without React on the client, so their few live parts are this one
 * function, inlined as a script: it prints the host the site is served from and steps carousels.
 * It runs in the browser as written, so it uses nothing from its module's scope.
 */
export function enhanceStaticPage(): void {
  for (const element of document.querySelectorAll("[data-site-host]")) element.textContent = `${location.host}/`;

  for (const carousel of document.querySelectorAll<HTMLElement>("[data-carousel]")) {
    const slides = [...carousel.querySelectorAll<HTMLElement>("[data-slide]")];
    const counter = carousel.querySelector("[data-carousel-position]");
    let shown = 0;
    carousel.addEventListener("click", (event) => {
      const step = (event.target as Element).closest<HTMLElement>("[data-carousel-step]")?.dataset.carouselStep;
      if (!step || !counter) return;
      slides[shown]!.hidden = true;
      shown = (shown + Number(step) + slides.length) % slides.length;
      slides[shown]!.hidden = false;
      counter.textContent = `${shown + 1} of ${slides.length}`;
    });
  }
}

/** Placed last in the body, so everything it enhances is already parsed. */
export function StaticPageScript() {
  return <script dangerouslySetInnerHTML={{ __html: `(${enhanceStaticPage.toString()})()` }} />;
}
