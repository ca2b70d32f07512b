// The free slots as radio buttons, one group per Maceió day: a plain form control, so booking and
// rescheduling work without JavaScript (routes/public/visita-agendar.tsx, routes/public/visita.tsx).
import type { SlotDay } from "../lib/visit-slots";
import { FieldError } from "./lead-form-parts";

export function VisitSlotPicker({
  days,
  id,
  error,
  selected,
}: {
  days: SlotDay[];
  id: (field: string) => string;
  error?: string;
  selected?: string;
}) {
  if (days.length === 0)
    return (
      <p role="status" data-testid="sem-horarios">
        Não há horários livres nos próximos dias. Fale com o corretor pelo WhatsApp ou pela mensagem na página
        do imóvel.
      </p>
    );
  return (
    <fieldset
      className="visit-slots"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? id("slot-erro") : undefined}
    >
      <legend>Escolha o dia e o horário (horário de Maceió)</legend>
      <FieldError id={id("slot-erro")} message={error} />
      {days.map((day) => (
        <fieldset key={day.day} className="visit-slots__day">
          <legend>{day.label}</legend>
          <ul className="visit-slots__times">
            {day.slots.map((slot) => (
              <li key={slot.value}>
                <label>
                  <input
                    type="radio"
                    name="slot"
                    value={slot.value}
                    required
                    defaultChecked={slot.value === selected}
                  />
                  {slot.time}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </fieldset>
  );
}
