package io.fx.micronaut.examples.tenancy;

import io.micronaut.context.annotation.Property;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The README's tenant-scope example, in the environment that enables it. */
@MicronautTest(environments = "tenancy", transactional = false)
@Property(name = "datasources.default.url", value = "jdbc:h2:mem:tenancy-example;DB_CLOSE_DELAY=-1")
class TenantScopeExampleTest {

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    InvoiceReminders reminders;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> send(String tenant, String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.getURL() + path))
            .timeout(Duration.ofSeconds(10)).header("X-Tenant-Id", tenant)
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> data(HttpResponse<String> response) throws Exception {
        return (Map<String, Object>) json.readValue(response.body(), Map.class).get("data");
    }

    @Test
    @SuppressWarnings("unchecked")
    void eachTenantSeesAndTouchesOnlyItsOwnInvoices() throws Exception {
        HttpResponse<String> acme = send("acme", "POST", "/api/invoices", "{\"customer\":\"Ada\",\"amount_cents\":250000}");
        assertEquals(201, acme.statusCode(), acme.body());
        assertEquals("acme", data(acme).get("tenant_id"));
        String id = (String) data(acme).get("id");
        assertEquals(201, send("globex", "POST", "/api/invoices", "{\"customer\":\"Bob\",\"amount_cents\":500}").statusCode());

        Map<String, Object> list = json.readValue(send("globex", "GET", "/api/invoices", null).body(), Map.class);
        assertEquals(1, ((Map<String, Object>) list.get("meta")).get("total"));
        assertEquals("Bob", ((List<Map<String, Object>>) list.get("data")).get(0).get("customer"));
        assertEquals(404, send("globex", "GET", "/api/invoices/" + id, null).statusCode());
        assertEquals(404, send("globex", "DELETE", "/api/invoices/" + id, null).statusCode());
        assertEquals(200, send("acme", "GET", "/api/invoices/" + id, null).statusCode());

        assertEquals(1, reminders.largeInvoices("acme"));
        assertEquals(0, reminders.largeInvoices("globex"));
    }
}
