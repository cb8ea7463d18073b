package io.fx.micronaut.events.internal;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EventComposerTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
        00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01 | true
        01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00 | true
        ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01 | false
        00-00000000000000000000000000000000-00f067aa0ba902b7-01 | false
        00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01 | false
        00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01 | false
        00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7    | false
        garbage                                                 | false
        """)
    void onlyAValidTraceparentIsCarried(String header, boolean valid) {
        assertEquals(valid, EventComposer.isValidTraceparent(header));
    }

    @ParameterizedTest
    @CsvSource({"posts/0191,0191", "custom,custom", "a/b/c,c", "trailing/,trailing/"})
    void theKeyIsWhatFollowsTheLastSlash(String subject, String key) {
        assertEquals(key, EventComposer.keyOf(subject));
    }

    @ParameterizedTest
    @CsvSource({"1,500,1000", "2,1000,2000", "3,2000,4000", "10,30000,60000", "40,30000,60000"})
    void backoffDoublesUpToTheCapWithJitter(int attempt, long lowest, long highest) {
        Backoff backoff = new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(1));
        for (int i = 0; i < 200; i++) {
            long delay = backoff.after(attempt).toMillis();
            assertTrue(delay >= lowest && delay <= highest, attempt + ": " + delay);
        }
    }
}
