package io.fx.micronaut.events.webhooks;

import io.fx.micronaut.exception.FxConfigurationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WebhookTargetTest {

    private static final String KEY = "fx.events.webhooks.hook.url";
    private static final AddressPolicy NONE = new AddressPolicy(List.of());

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        http://127.0.0.1/h            | is a loopback address
        http://10.1.2.3:8080/h        | is a private address
        http://[::1]/h                | is a loopback address
        http://[::ffff:127.0.0.1]/h   | is a loopback address
        http://[fe80::1]/h            | is a link-local address
        http://169.254.169.254/latest | is a link-local address
        http://localhost:9000/h       | is localhost
        http://LOCALHOST./h           | is localhost
        http://api.localhost/h        | is localhost
        http://127.1/h                | must be an absolute http or https URL with a host
        http://2130706433/h           | is not a dotted-quad IPv4 address
        ftp://example.com/h           | must be an absolute http or https URL with a host
        /relative                     | must be an absolute http or https URL with a host
        https://user:pw@example.com/  | must have no user info
        http://exa mple.com/          | is not a URL
        """)
    void refused(String url, String message) {
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> WebhookTarget.of(url, NONE, KEY));
        assertTrue(e.getMessage().startsWith(KEY) && e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void namesAndAllowedAddressesPass() {
        WebhookTarget target = WebhookTarget.of("https://hooks.example.com/in?x=1", NONE, KEY);
        assertEquals("hooks.example.com", target.host().getHostName());
        assertEquals(443, target.host().getPort());
        assertEquals("/in?x=1", target.path());
        AddressPolicy loopback = new AddressPolicy(List.of(Cidr.parse("127.0.0.0/8")));
        assertEquals("127.0.0.1", WebhookTarget.of("http://127.0.0.1:81", loopback, KEY).host().getHostName());
        assertEquals("/", WebhookTarget.of("http://localhost:81", loopback, KEY).path());
        assertEquals("::1", WebhookTarget.of("http://[::1]:81/", new AddressPolicy(List.of(Cidr.parse("::1"))), KEY)
            .host().getHostName());
        assertThrows(FxConfigurationException.class, () -> WebhookTarget.of(null, NONE, KEY));
    }
}
