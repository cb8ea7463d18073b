package io.fx.micronaut.testsuite.openapi;

import io.fx.micronaut.testsuite.support.TestDatabase;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.openapi.OpenApiDocument;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.OpenApiValidation;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The document built from every test-suite model, with every configuration hook set: it is valid
 * OpenAPI 3.1, and each directive shows in the record, create and update schemas the way the runtime
 * treats it.
 */
@MicronautTest(environments = {"test", "openapi-schemes"})
@Property(name = "spec.name", value = OpenApiBeans.SPEC)
@TestDatabase
@Property(name = "fx.openapi.enabled", value = "true")
@Property(name = "fx.openapi.title", value = "Suite API")
@Property(name = "fx.openapi.description", value = "Every test model")
@Property(name = "fx.openapi.version", value = "9.9.9")
@Property(name = "fx.openapi.servers", value = "https://api.example.com,http://localhost:8080")
@Property(name = "fx.openapi.security-schemes.bearer.bearer-format", value = "JWT")
@Property(name = "fx.probes.disabled", value = "health")
class OpenApiDocumentTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    Api api;
    @Inject
    ModelRegistry registry;
    @Inject
    OpenApiDocument document;

    private Api.Reply reply;
    private JsonNode doc;

    @BeforeEach
    void fetch() throws Exception {
        reply = api.get("/api/openapi.json");
        assertEquals(200, reply.status(), reply.toString());
        doc = JSON.readTree(reply.text());
    }

    @Test
    void isValidOpenApi31WithoutNullableKeyword() {
        assertEquals(List.of(), OpenApiValidation.messages(reply.text()));
        assertEquals("3.1.0", doc.path("openapi").asText());
        assertEquals("application/json", reply.header("Content-Type"));
        assertFalse(reply.text().contains("\"nullable\""));
    }

    @Test
    void isBuiltOnceAndServedAsBuilt() {
        assertSame(document.getOpenApi(), document.getOpenApi());
        assertEquals(reply.text(), api.get("/api/openapi.json").text());
        assertEquals(new String(document.getJson(), java.nio.charset.StandardCharsets.UTF_8), reply.text());
    }

    @Test
    void configurationHooksAndCustomizersInOrder() {
        JsonNode info = doc.path("info");
        assertEquals("Suite API", info.path("title").asText());
        assertEquals("Every test model", info.path("description").asText());
        assertEquals("9.9.9", info.path("version").asText());
        assertEquals("api@example.com", info.path("contact").path("email").asText());
        assertEquals("ran after api@example.com", info.path("contact").path("name").asText(), "customizers run in order");
        assertEquals("https://api.example.com", doc.path("servers").path(0).path("url").asText());
        assertEquals("http://localhost:8080", doc.path("servers").path(1).path("url").asText());
        JsonNode schemes = doc.path("components").path("securitySchemes");
        assertEquals("http", schemes.path("bearer").path("type").asText());
        assertEquals("bearer", schemes.path("bearer").path("scheme").asText());
        assertEquals("JWT", schemes.path("bearer").path("bearerFormat").asText());
        assertEquals("apiKey", schemes.path("key").path("type").asText());
        assertEquals("header", schemes.path("key").path("in").asText());
        assertEquals("X-API-Key", schemes.path("key").path("name").asText());
        assertTrue(doc.path("security").path(0).has("bearer"));
    }

    @Test
    void everyGeneratedRouteAndEnabledProbeIsDocumented() {
        JsonNode paths = doc.path("paths");
        for (ModelDescriptor model : registry.getModels()) {
            if (model.isHeadless()) {
                assertFalse(paths.has("/api/" + model.getTable()), "a headless model has no routes: " + model.getName());
                continue;
            }
            JsonNode collection = paths.path("/api/" + model.getTable());
            JsonNode record = paths.path("/api/" + model.getTable() + "/{id}");
            assertEquals(List.of("get", "head", "post", "options"), methods(collection), model.getName());
            assertEquals(List.of("get", "head", "patch", "delete", "options"), methods(record), model.getName());
        }
        assertTrue(paths.has("/api/live"));
        assertTrue(paths.has("/api/ready"));
        assertFalse(paths.has("/api/health"), "a disabled probe is not served, so not documented");
        assertFalse(paths.has("/api/openapi.json"));
    }

    @Test
    void errorAnswersPerOperation() {
        JsonNode gadgets = doc.path("paths").path("/api/gadgets");
        assertEquals(Set.of("201", "400", "409", "413", "414", "415", "422", "500", "503", "504", "default"),
            keys(gadgets.path("post").path("responses")));
        assertEquals(Set.of("200", "400", "414", "500", "503", "504", "default"), keys(gadgets.path("get").path("responses")));
        assertEquals(Set.of("200", "400", "404", "409", "413", "414", "415", "422", "500", "503", "504", "default"),
            keys(doc.path("paths").path("/api/gadgets/{id}").path("patch").path("responses")));
        JsonNode unavailable = doc.path("components").path("responses").path("FxUnavailable");
        assertEquals("[\"DB_UNAVAILABLE\"]", unavailable.path("content").path("application/json").path("schema")
            .path("properties").path("error").path("properties").path("code").path("enum").toString());
        assertTrue(unavailable.path("headers").has("Retry-After"), unavailable.toString());
        assertEquals("#/components/responses/FxUnavailable",
            gadgets.path("get").path("responses").path("503").path("$ref").asText());
        JsonNode invalidBody = doc.path("components").path("responses").path("FxInvalidBody")
            .path("content").path("application/json").path("schema").path("properties").path("error")
            .path("properties").path("code").path("enum");
        assertEquals("[\"INVALID_JSON\",\"EMPTY_BODY\",\"BODY_READ_ERROR\",\"INVALID_QUERY\"]", invalidBody.toString());
        JsonNode validation = doc.path("components").path("responses").path("FxValidationFailed")
            .path("content").path("application/json").path("schema").path("properties").path("error");
        assertEquals("#/components/schemas/FxValidationViolation",
            validation.path("properties").path("details").path("items").path("$ref").asText());
    }

    @Test
    void theGenericEnvelopeListsEveryDeclaredCodeWithItsStatus() {
        JsonNode error = doc.path("components").path("schemas").path("FxError");
        JsonNode codes = error.path("x-fx-error-codes");
        assertEquals(404, codes.path("NOT_FOUND").asInt(), codes.toString());
        assertEquals(503, codes.path("DB_UNAVAILABLE").asInt(), codes.toString());
        assertEquals(499, codes.path("CLIENT_CLOSED_REQUEST").asInt(), codes.toString());
        assertTrue(error.path("properties").path("error").path("properties").path("code").path("description").asText()
            .contains("VALIDATION_ERROR"), error.toString());
    }

    @Test
    void directivesShapeTheRecordCreateAndUpdateSchemas() {
        JsonNode schemas = doc.path("components").path("schemas");
        JsonNode record = schemas.path("Gadget").path("properties");
        JsonNode create = schemas.path("GadgetCreate");
        JsonNode update = schemas.path("GadgetUpdate");
        // hidden: nowhere; writeonly: written, never returned; readonly: returned, never written
        for (JsonNode schema : List.of(record, create.path("properties"), update.path("properties"))) {
            assertFalse(schema.has("secret_note"));
            assertFalse(schema.has("scratch"), "@Fx(\"-\") removes the property");
        }
        assertFalse(record.has("pin"));
        assertTrue(create.path("properties").path("pin").path("writeOnly").asBoolean());
        assertTrue(update.path("properties").has("pin"));
        assertTrue(record.path("serial").path("readOnly").asBoolean());
        assertFalse(create.path("properties").has("serial"));
        assertFalse(create.path("properties").has("id"));
        // immutable: on create only
        assertTrue(create.path("properties").has("sku"));
        assertFalse(update.path("properties").has("sku"));
        // required without default; an update requires nothing
        assertEquals(Set.of("name", "category"), values(create.path("required")));
        assertFalse(update.has("required"));
        // every readable field is always present in a response
        assertEquals(keys(record), values(schemas.path("Gadget").path("required")));
        JsonNode props = create.path("properties");
        assertEquals("[\"tool\",\"toy\",\"gizmo\"]", props.path("category").path("enum").toString());
        assertEquals("\"string\"", props.path("category").path("type").toString());
        assertEquals("[\"SMALL\",\"MEDIUM\",\"LARGE\",null]", props.path("size").path("enum").toString());
        assertEquals(1, props.path("quantity").path("minimum").asInt());
        assertEquals(10, props.path("quantity").path("maximum").asInt());
        assertEquals(0.5, props.path("price").path("minimum").asDouble());
        assertEquals("[\"integer\",\"null\"]", props.path("quantity").path("type").toString());
        assertEquals(7, props.path("stock_level").path("default").asInt());
        assertEquals("blue", props.path("color").path("default").asText());
        assertTrue(props.path("active").path("default").asBoolean());
        assertEquals("\"integer\"", props.path("rank").path("type").toString(), "a primitive is never null");
        assertEquals(0, props.path("rank").path("default").asInt(), "an absent primitive is stored as zero");
        assertEquals("date-time", props.path("released_at").path("format").asText());
        assertEquals("[\"array\",\"null\"]", props.path("tags").path("type").toString());
        assertEquals("[\"object\",\"null\"]", props.path("specs").path("type").toString());
        assertEquals("uuid", schemas.path("Gadget").path("properties").path("id").path("format").asText());
        assertEquals("\"string\"", schemas.path("Gadget").path("properties").path("id").path("type").toString());
    }

    @Test
    void jakartaConstraintsShowAsSchemaKeywords() {
        JsonNode create = doc.path("components").path("schemas").path("GadgetSignupCreate");
        JsonNode props = create.path("properties");
        assertEquals(Set.of("handle", "email"), values(create.path("required")));
        assertEquals(3, props.path("handle").path("minLength").asInt());
        assertEquals(12, props.path("handle").path("maxLength").asInt());
        assertEquals("^(?:[a-z0-9_]+)$", props.path("handle").path("pattern").asText());
        assertEquals("\\S", props.path("handle").path("allOf").path(0).path("pattern").asText(), "@NotBlank");
        assertEquals("email", props.path("email").path("format").asText());
        assertEquals(18, props.path("age").path("minimum").asInt());
        assertEquals(120, props.path("age").path("maximum").asInt());
        assertEquals(0, props.path("nickname").path("minLength").asInt());
        assertEquals(5, props.path("nickname").path("maxLength").asInt());
        assertEquals(1, props.path("interests").path("minItems").asInt());
        assertEquals(3, props.path("interests").path("maxItems").asInt());
    }

    @Test
    void listParametersDescribeFieldsOperatorsAndLimits() {
        JsonNode parameters = doc.path("paths").path("/api/specimens").path("get").path("parameters");
        List<String> names = new ArrayList<>();
        parameters.forEach(p -> names.add(p.has("$ref") ? p.path("$ref").asText() : p.path("name").asText()));
        assertEquals(List.of("filter", "filter[0]", "filter[1]", "filter[2]", "filter[3]", "filter[4]", "filter[5]",
            "filter[6]", "filter[7]", "sort", "include", "#/components/parameters/FxPage",
            "#/components/parameters/FxCursor", "#/components/parameters/SpecimenLimit", "total",
            "#/components/parameters/X-Request-Id"), names);
        JsonNode clause = doc.path("components").path("schemas").path("SpecimenFilterClause");
        JsonNode operators = clause.path("x-fx-operators");
        assertEquals(Set.of("name", "quantity", "price", "active", "seen_at", "tags", "props", "color"), keys(operators),
            "filterable fields only; hidden ones never");
        assertEquals("[\"eq\",\"neq\",\"gt\",\"gte\",\"lt\",\"lte\",\"like\",\"ilike\",\"contains\",\"starts_with\","
            + "\"ends_with\",\"in\",\"not_in\",\"between\",\"is_null\",\"not_null\"]", operators.path("name").toString());
        assertEquals("[\"eq\",\"neq\",\"in\",\"not_in\",\"is_null\",\"not_null\"]", operators.path("active").toString());
        assertEquals("[\"has\",\"not_has\",\"is_null\",\"not_null\"]", operators.path("tags").toString());
        assertEquals("[\"eq\",\"neq\",\"gt\",\"gte\",\"lt\",\"lte\",\"in\",\"not_in\",\"between\",\"is_null\","
            + "\"not_null\"]", operators.path("quantity").toString());
        java.util.regex.Pattern pattern = java.util.regex.Pattern.compile(clause.path("pattern").asText());
        assertTrue(pattern.matcher("name:contains:ab").find());
        assertTrue(pattern.matcher("price:is_null").find());
        assertFalse(pattern.matcher("active:gt:1").find());
        assertFalse(pattern.matcher("note:eq:x").find(), "note is sortable, not filterable");
        assertFalse(pattern.matcher("code:eq:x").find(), "hidden");
        JsonNode sort = doc.path("components").path("schemas").path("SpecimenSortKey").path("enum");
        assertTrue(sort.toString().contains("\"note:desc\""));
        assertFalse(sort.toString().contains("code"));
        JsonNode include = doc.path("components").path("schemas").path("SpecimenIncludeKey");
        assertEquals(0, include.path("maxLength").asInt(), "no relations yet: every include key is refused");
        JsonNode ticketFilter = doc.path("paths").path("/api/tickets").path("get").path("parameters").path(0);
        assertTrue(ticketFilter.path("description").asText().contains("at most 2 in all"), "per-model limits");
        JsonNode limit = doc.path("components").path("parameters").path("SpecimenLimit").path("schema");
        assertEquals(20, limit.path("default").asInt());
    }

    @Test
    void listsDocumentTheirTotalModesCursorsAndMeta() {
        JsonNode parameters = doc.path("paths").path("/api/specimens").path("get").path("parameters");
        JsonNode total = null;
        for (JsonNode parameter : parameters) {
            if ("total".equals(parameter.path("name").asText())) {
                total = parameter;
            }
        }
        assertNotNull(total);
        assertEquals("[\"exact\",\"estimated\",\"none\"]", total.path("schema").path("enum").toString());
        JsonNode headcounts = doc.path("paths").path("/api/headcounts").path("get").path("parameters");
        boolean noneByDefault = false;
        for (JsonNode parameter : headcounts) {
            noneByDefault |= "total".equals(parameter.path("name").asText())
                && "none".equals(parameter.path("schema").path("default").asText());
        }
        assertTrue(noneByDefault, "a model's default mode is the parameter's default");
        JsonNode cursor = doc.path("components").path("parameters").path("FxCursor");
        assertEquals("cursor", cursor.path("name").asText());
        assertTrue(cursor.path("description").asText().contains("INVALID_CURSOR"));
        JsonNode meta = doc.path("components").path("schemas").path("FxListMeta");
        assertEquals(Set.of("total", "total_estimated", "page", "limit", "pages", "has_more", "next_cursor"),
            keys(meta.path("properties")));
        Set<String> required = new java.util.HashSet<>();
        meta.path("required").forEach(n -> required.add(n.asText()));
        assertEquals(Set.of("limit", "has_more"), required, "total, page and pages depend on the mode");
        JsonNode refused = doc.path("paths").path("/api/specimens").path("get").path("responses").path("400");
        String refusal = refused.has("$ref") ? doc.path("components").path("responses")
            .path(refused.path("$ref").asText().substring("#/components/responses/".length())).toString()
            : refused.toString();
        assertTrue(refusal.contains("INVALID_CURSOR") && refusal.contains("INVALID_QUERY"), refusal);
    }

    @Test
    void compiledDocumentIsMergedAndUpgradedTo31() {
        JsonNode reports = doc.path("paths").path("/api/reports");
        assertEquals("reports", reports.path("get").path("operationId").asText());
        JsonNode report = doc.path("components").path("schemas").path("Report").path("properties");
        assertEquals("[\"string\",\"null\"]", report.path("note").path("type").toString(), "nullable became a type array");
        assertEquals("\"string\"", report.path("title").path("type").toString());
        assertEquals("[\"integer\",\"null\"]", report.path("lines").path("items").path("type").toString());
        assertEquals("listGadget", doc.path("paths").path("/api/gadgets").path("get").path("operationId").asText(),
            "a clashing compiled path is left out");
        assertEquals("object", doc.path("components").path("schemas").path("Gadget").path("type").asText(),
            "a clashing compiled schema is left out");
        assertEquals("Suite API", doc.path("info").path("title").asText(), "configuration wins over the compiled info");
    }

    private static List<String> methods(JsonNode pathItem) {
        List<String> methods = new ArrayList<>();
        for (String method : List.of("get", "head", "post", "put", "patch", "delete", "options", "trace")) {
            if (pathItem.has(method)) {
                methods.add(method);
            }
        }
        return methods;
    }

    private static Set<String> keys(JsonNode object) {
        Set<String> keys = new TreeSet<>();
        object.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    private static Set<String> values(JsonNode array) {
        Set<String> values = new TreeSet<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
