/**
 * A form posting as a plain HTML form (no React handler took it): its submit button shows its busy
 * label (`data-busy-label`, components/form/submit-button.tsx) while the next page loads.
 */
export function startBusyLabel() {
  addEventListener("submit", (event) => {
    if (event.defaultPrevented) return;
    const button = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    const busyLabel = button?.dataset.busyLabel;
    if (!button || !busyLabel) return;
    // After the form's data is taken (a disabled button would leave its own name out of it).
    setTimeout(() => {
      button.disabled = true;
      button.setAttribute("aria-disabled", "true");
      button.textContent = busyLabel;
    });
  });
}
