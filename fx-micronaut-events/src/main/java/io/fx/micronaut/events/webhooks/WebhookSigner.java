package io.fx.micronaut.events.webhooks;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.EmptyWebhookSecretException;
import com.standardwebhooks.exceptions.WebhookSigningException;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.NonNull;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Signs a request as Standard Webhooks 1.0 says, with the reference library: one
 * {@code v1,<base64 HMAC-SHA256(key, id.timestamp.body)>} per secret, space-separated.
 */
final class WebhookSigner {

    private static final String PREFIX = "whsec_";
    private static final int MIN_BYTES = 24;
    private static final int MAX_BYTES = 64;

    private final List<Webhook> keys;

    private WebhookSigner(List<Webhook> keys) {
        this.keys = List.copyOf(keys);
    }

    /**
     * @param secrets the secrets, each {@code whsec_} and the base64 of 24 to 64 bytes
     * @param key     the configuration key they come from, for messages (which never show a secret)
     * @return a signer with every one
     * @throws FxConfigurationException naming the key when there is none or one is malformed
     */
    @NonNull
    static WebhookSigner of(@NonNull List<String> secrets, @NonNull String key) {
        if (secrets.isEmpty()) {
            throw new FxConfigurationException(key + " is required: at least one whsec_ secret signs the requests");
        }
        List<Webhook> keys = new ArrayList<>(secrets.size());
        for (int i = 0; i < secrets.size(); i++) {
            try {
                keys.add(new Webhook(decode(secrets.get(i), key + "[" + i + "]")));
            } catch (EmptyWebhookSecretException e) {
                throw new FxConfigurationException(key + "[" + i + "] is empty");
            }
        }
        return new WebhookSigner(keys);
    }

    private static byte[] decode(String secret, String key) {
        String problem = key + " is not whsec_ followed by the base64 of " + MIN_BYTES + " to " + MAX_BYTES
            + " random bytes";
        if (secret == null || !secret.startsWith(PREFIX)) {
            throw new FxConfigurationException(problem);
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(secret.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new FxConfigurationException(problem);
        }
        if (bytes.length < MIN_BYTES || bytes.length > MAX_BYTES) {
            throw new FxConfigurationException(problem + " (it decodes to " + bytes.length + ")");
        }
        return bytes;
    }

    /**
     * @param id        the message id ({@code webhook-id})
     * @param timestamp the attempt's time, Unix seconds ({@code webhook-timestamp})
     * @param body      the request body, UTF-8
     * @return the {@code webhook-signature} header's value
     */
    @NonNull
    String sign(@NonNull String id, long timestamp, @NonNull byte[] body) {
        String payload = new String(body, StandardCharsets.UTF_8);
        StringBuilder signatures = new StringBuilder(50 * keys.size());
        for (Webhook key : keys) {
            if (!signatures.isEmpty()) {
                signatures.append(' ');
            }
            try {
                signatures.append(key.sign(id, timestamp, payload));
            } catch (WebhookSigningException e) {
                throw new IllegalStateException("HMAC-SHA256 is not available", e);
            }
        }
        return signatures.toString();
    }
}
