package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.testsuite.support.Failures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A misconfigured webhook fails startup with a message naming its key, and never showing a secret; a URL whose
 * host is an address literal or {@code localhost} in a refused range, outside {@code allowed-networks}, too.
 */
class WebhookStartupTest {

    private static final String GOOD_SECRET = WebhookDeliveryTest.OLD_SECRET;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        http://127.0.0.1:8080/hook             | is a loopback address (127.0.0.1)
        http://127.8.9.10/hook                 | is a loopback address
        http://10.0.0.1/hook                   | is a private address
        http://172.16.0.1/hook                 | is a private address
        http://172.31.255.254/hook             | is a private address
        http://192.168.1.1/hook                | is a private address
        http://169.254.169.254/latest/meta-data | is a link-local address
        http://100.64.0.1/hook                 | is a shared address
        http://0.0.0.0/hook                    | is a unspecified address
        http://224.0.0.1/hook                  | is a multicast address
        http://[::1]:8080/hook                 | is a loopback address ([::1])
        http://[fc00::1]/hook                  | is a private address
        http://[fd00:ec2::254]/hook            | is a private address
        http://[fe80::1]/hook                  | is a link-local address
        http://[::ffff:127.0.0.1]/hook         | is a loopback address
        http://[::ffff:169.254.169.254]/hook   | is a link-local address
        http://[::ffff:10.0.0.1]/hook          | is a private address
        http://[::]/hook                       | is a unspecified address
        http://[ff02::1]/hook                  | is a multicast address
        http://localhost:8080/hook             | is localhost, a loopback address outside allowed-networks
        http://LocalHost./hook                 | is localhost, a loopback address outside allowed-networks
        """)
    void aLiteralOrLocalhostInARefusedRangeFailsStartup(String url, String message) {
        Failures.assertStartupFailure("fx.events.webhooks.hook.url " + message, "WebhookSsrfStartup",
            settings("url", url, "allowed-networks", "192.0.2.0/24").toArray());
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
        secrets          | whsec_c2hvcnQ=                          | fx.events.webhooks.hook.secrets[0] is not whsec_ followed by the base64 of 24 to 64 random bytes
        secrets          | MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw        | fx.events.webhooks.hook.secrets[0] is not whsec_ followed by the base64 of 24 to 64 random bytes
        secrets          | whsec_%%%not-base64%%%                  | fx.events.webhooks.hook.secrets[0] is not whsec_
        url              | ftp://hooks.example.com/in              | fx.events.webhooks.hook.url must be an absolute http or https URL with a host
        url              | hooks.example.com/in                    | fx.events.webhooks.hook.url must be an absolute http or https URL with a host
        url              | https://hooks.example.com/a b           | fx.events.webhooks.hook.url is not a URL
        url              | https://user:pw@hooks.example.com/in    | fx.events.webhooks.hook.url must have no user info
        url              | http://2130706433/                      | fx.events.webhooks.hook.url: '2130706433' is not a dotted-quad IPv4 address
        allowed-networks | 10.0.0.0/33                             | fx.events.webhooks.hook.allowed-networks: '10.0.0.0/33' has a prefix length outside 0-32
        allowed-networks | intranet.example.com/8                  | fx.events.webhooks.hook.allowed-networks: 'intranet.example.com/8' is not an IP address or CIDR block
        patterns         | parcel*                                 | fx.events.webhooks.hook: the event pattern 'parcel*' is not an event type
        headers.webhook-id | forged                                | fx.events.webhooks.hook.headers: 'webhook-id' is not a header it may set
        timeout          | 2m                                      | The event destination 'hook' takes up to PT2M1S per delivery, longer than fx.events.claim-lease
        """)
    void aMisconfiguredWebhookFailsStartup(String key, String value, String message) {
        String failure = Failures.assertStartupFailure(message, "WebhookStartup", settings(key, value).toArray());
        assertFalse(failure.contains("c2hvcnQ") || failure.contains("MfKQ9r8"), "no secret shown: " + failure);
    }

    @org.junit.jupiter.api.Test
    void aWebhookWithoutSecretOrUrlFailsStartup() {
        Failures.assertStartupFailure("fx.events.webhooks.hook.secrets is required", "WebhookStartup",
            "fx.events.emit-models", "Parcel", "fx.events.webhooks.hook.url", "https://hooks.example.com/in");
        Failures.assertStartupFailure("fx.events.webhooks.hook.url is required", "WebhookStartup",
            "fx.events.emit-models", "Parcel", "fx.events.webhooks.hook.secrets", GOOD_SECRET);
    }

    private static List<Object> settings(Object... pairs) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("fx.events.emit-models", "Parcel");
        settings.put("fx.events.webhooks.hook.url", "https://hooks.example.com/in");
        settings.put("fx.events.webhooks.hook.secrets", GOOD_SECRET);
        for (int i = 0; i < pairs.length; i += 2) {
            settings.put("fx.events.webhooks.hook." + pairs[i], pairs[i + 1]);
        }
        List<Object> flat = new ArrayList<>();
        settings.forEach((key, value) -> {
            flat.add(key);
            flat.add(value);
        });
        return flat;
    }
}
