package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.events.EventOutbox;
import io.micronaut.context.ApplicationContext;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The outage every broker test plays: a parcel created and its event delivered, the broker taken away, five
 * updates written (they wait in the outbox, none lost), the broker given back, and everything delivered with no
 * delivery failed. The caller then reads the broker and checks each event arrived, in commit order.
 */
final class Outage {

    /** Takes the broker away, or gives it back. */
    @FunctionalInterface
    interface Step {
        void run() throws Exception;
    }

    private Outage() {
    }

    /**
     * @param context     the application, with the destination and {@code Parcel} emitting
     * @param destination the destination's name
     * @param takeAway    stops the broker (or cuts the way to it)
     * @param giveBack    brings it back
     * @return the parcel's id; its events are {@code parcel.created} and then weights 1 to 5
     */
    static String play(ApplicationContext context, String destination, Step takeAway, Step giveBack) throws Exception {
        EventOutbox outbox = context.getBean(EventOutbox.class);
        Models models = context.getBean(Models.class);
        String id = (String) models.of("Parcel").create(Map.of("label", "before")).get("id");
        EventRetryTest.waitUntil(() -> outbox.pending(destination) == 0, "the first event delivered");
        takeAway.run();
        for (int weight = 1; weight <= 5; weight++) {
            models.of("Parcel").update(id, Map.of("weight", weight));
        }
        Thread.sleep(500);
        assertEquals(5, outbox.pending(destination), "waiting in the outbox");
        giveBack.run();
        EventRetryTest.waitUntil(() -> outbox.pending(destination) == 0, "delivered after the outage");
        assertEquals(0, outbox.failed(destination));
        return id;
    }
}
