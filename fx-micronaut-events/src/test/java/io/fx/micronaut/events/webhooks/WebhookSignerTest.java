package io.fx.micronaut.events.webhooks;

import com.standardwebhooks.Webhook;
import io.fx.micronaut.exception.FxConfigurationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WebhookSignerTest {

    private static final String KEY = "fx.events.webhooks.hook.secrets";

    /** The test vector the Standard Webhooks specification publishes. */
    @Test
    void reproducesTheStandardsTestVector() {
        WebhookSigner signer = WebhookSigner.of(List.of("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"), KEY);
        assertEquals("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", signer.sign("msg_p5jXN8AQM9LWM0D4loKWxJek",
            1614265330L, "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void eachSecretSignsAndEachVerifies() throws Exception {
        String old = secret(24, 1);
        String fresh = secret(64, 2);
        WebhookSigner signer = WebhookSigner.of(List.of(old, fresh), KEY);
        byte[] body = "{\"type\":\"post.created\",\"data\":{\"title\":\"Grüße\"}}".getBytes(StandardCharsets.UTF_8);
        long now = Instant.now().getEpochSecond();
        String header = signer.sign("evt-1", now, body);
        assertEquals(2, header.split(" ").length, header);
        Map<String, List<String>> headers = Map.of("webhook-id", List.of("evt-1"),
            "webhook-timestamp", List.of(Long.toString(now)), "webhook-signature", List.of(header));
        String payload = new String(body, StandardCharsets.UTF_8);
        new Webhook(old).verify(payload, headers);
        new Webhook(fresh).verify(payload, headers);
        assertThrows(Exception.class, () -> new Webhook(secret(32, 3)).verify(payload, headers));
    }

    @ParameterizedTest
    @ValueSource(strings = {"MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_", "whsec_not base64!", "whsec_c2hvcnQ=",
        "sk_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"})
    void refusesMalformedSecretsWithoutShowingThem(String secret) {
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> WebhookSigner.of(List.of(secret(32, 9), secret), KEY));
        assertTrue(e.getMessage().startsWith(KEY + "[1] is not whsec_ followed by the base64 of 24 to 64"),
            e.getMessage());
        assertFalse(e.getMessage().contains("MfKQ9r8"), "the secret is not shown");
    }

    @Test
    void sizesOutsideTwentyFourToSixtyFourBytesAreRefused() {
        assertThrows(FxConfigurationException.class, () -> WebhookSigner.of(List.of(secret(23, 1)), KEY));
        assertThrows(FxConfigurationException.class, () -> WebhookSigner.of(List.of(secret(65, 1)), KEY));
        assertDoesNotThrow(() -> WebhookSigner.of(List.of(secret(24, 1), secret(64, 1)), KEY));
        FxConfigurationException none = assertThrows(FxConfigurationException.class,
            () -> WebhookSigner.of(List.of(), KEY));
        assertTrue(none.getMessage().contains(KEY + " is required"), none.getMessage());
    }

    static String secret(int bytes, int seed) {
        byte[] key = new byte[bytes];
        new java.util.Random(seed).nextBytes(key);
        return "whsec_" + Base64.getEncoder().encodeToString(key);
    }
}
