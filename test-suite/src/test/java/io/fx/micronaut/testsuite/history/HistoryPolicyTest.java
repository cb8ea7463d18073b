package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.security.Policy;
import io.fx.micronaut.security.rules.FxSecurity;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A read policy ({@code FxSecurity.enforce}) judges a record's history by the record itself: what the policy
 * refuses to read, its history is refused too (403), soft-deleted or not.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = HistoryPolicyTest.SPEC)
@TestDatabase
class HistoryPolicyTest {

    static final String SPEC = "HistoryPolicyTest";
    private static final String CHRONICLES = "/api/chronicles";

    @Inject
    Api api;
    @Inject
    Models models;

    @Test
    void theHistoryOfARecordThePolicyRefusesIsRefused() {
        String open = api.create(CHRONICLES, Map.of("title", "open"));
        // the policy also refuses to write it over HTTP: the record is written through the accessor
        String classified = String.valueOf(models.of("Chronicle").create(Map.of("title", "classified")).get("id"));
        assertEquals(200, api.get(CHRONICLES + "/" + open + "/history").status());
        assertEquals(403, api.get(CHRONICLES + "/" + classified).status());
        Api.Reply refused = api.get(CHRONICLES + "/" + classified + "/history");
        assertEquals(403, refused.status(), refused.toString());
        assertEquals("FORBIDDEN", refused.code());
        models.of("Chronicle").delete(classified);
        assertEquals(403, api.get(CHRONICLES + "/" + classified + "/history").status(),
            "the soft-deleted record is judged as it was");
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        PipelineConfigurer policy() {
            Policy policy = (context, record) -> !"classified".equals(record.get("title"));
            return registry -> FxSecurity.enforce(policy).register(registry, "Chronicle");
        }
    }
}
