package io.fx.micronaut.examples.openapi;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog example's {@code GET /api/openapi.json}: a valid OpenAPI 3.1 document (swagger-parser's
 * validation), and a true one: requests generated from it for every documented operation get answers
 * whose status, headers and bodies match what it documents, error answers included. Nothing here names
 * a blog model or field; everything comes from the document.
 */
@MicronautTest(transactional = false)
@Property(name = "datasources.default.url", value = "jdbc:h2:mem:blog-openapi;DB_CLOSE_DELAY=-1")
@Property(name = "fx.max-body-size", value = "4096")
class BlogOpenApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String APPLICATION_JSON = "application/json";

    @Inject
    EmbeddedServer server;

    private OpenAPI document;
    private SchemaChecker checker;
    private ExampleValues examples;
    private final Set<String> exercised = new TreeSet<>();
    private final Set<Integer> statuses = new TreeSet<>();
    private final Set<String> includedRelations = new TreeSet<>();
    private final Map<String, String> parents = new java.util.HashMap<>();

    @Test
    void theDocumentIsValidOpenApi31() throws Exception {
        String served = fetch();
        SwaggerParseResult result = validate(served);
        assertEquals(List.of(), messages(result), "swagger-parser finds no problem");
        assertEquals(SpecVersion.V31, result.getOpenAPI().getSpecVersion());
        assertEquals("3.1.0", JSON.readTree(served).path("openapi").asText());
        assertFalse(served.contains("\"nullable\""), "3.1 nullability is a type array");
        assertNotNull(result.getOpenAPI().getPaths().get("/api/catalog"),
            "the application's own controller, described by Micronaut OpenAPI at compile time, is merged in");
        assertNotNull(result.getOpenAPI().getComponents().getSchemas().get("ModelCatalog"));
        assertEquals("Blog API", result.getOpenAPI().getInfo().getTitle(), "fx.openapi.title wins over the compiled title");
        assertEquals("blog@example.com", result.getOpenAPI().getInfo().getContact().getEmail(), "the customizer ran");
    }

    @Test
    void theValidatorReallyValidates() throws Exception {
        ObjectNode broken = (ObjectNode) JSON.readTree(fetch());
        ((ObjectNode) broken.path("info")).remove("version");
        ((ObjectNode) broken.path("components").path("schemas"))
            .putObject("Dangling").put("$ref", "#/components/schemas/DoesNotExist");
        List<String> problems = messages(validate(JSON.writeValueAsString(broken)));
        assertTrue(problems.stream().anyMatch(m -> m.contains("info.version")), problems.toString());
        assertTrue(problems.stream().anyMatch(m -> m.contains("DoesNotExist")), problems.toString());
    }

    @Test
    void theDocsPageServesSwaggerUiFromTheWebjar() {
        String base = server.getURL().toString();
        LiveCall page = LiveCall.send(base, "GET", "/api/docs", null);
        assertEquals(200, page.status(), page.toString());
        assertTrue(page.response().headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertTrue(page.body().contains("url: \"/api/openapi.json\""), page.body());
        assertTrue(page.body().contains("<title>Blog API</title>"), page.body());
        LiveCall bundle = LiveCall.send(base, "GET", "/api/docs/swagger-ui-bundle.js", null);
        assertEquals(200, bundle.status());
        assertTrue(bundle.body().length() > 100_000, "the bundle comes from the webjar");
        assertEquals(200, LiveCall.send(base, "GET", "/api/docs/swagger-ui.css", null).status());
        LiveCall other = LiveCall.send(base, "GET", "/api/docs/index.html", null);
        assertEquals(404, other.status(), "only the page's assets");
        assertTrue(other.body().contains("\"code\":\"NOT_FOUND\""), other.toString());
        assertEquals(404, LiveCall.send(base, "GET", "/api/docs/..%2Fpom.properties", null).status());
    }

    @Test
    void everyOperationAnswersAsDocumented() throws Exception {
        ParseOptions options = new ParseOptions();
        options.setResolve(false);
        document = new OpenAPIV3Parser().readContents(fetch(), null, options).getOpenAPI();
        checker = new SchemaChecker(document);
        examples = new ExampleValues(checker);
        for (Map.Entry<String, PathItem> entry : document.getPaths().entrySet()) {
            String path = entry.getKey();
            PathItem item = entry.getValue();
            if (isCollection(path)) {
                exerciseModel(path, item, document.getPaths().get(path + "/{id}"));
            } else if (isAction(item)) {
                exerciseAction(path, item);
            } else if (!path.contains("{") && item.getGet() != null) {
                call(path, PathItem.HttpMethod.GET, item.getGet(), path, null, 200);
                if (item.getHead() != null) {
                    call(path, PathItem.HttpMethod.HEAD, item.getHead(), path, null, 200);
                }
            }
        }
        Set<String> documented = new TreeSet<>();
        document.getPaths().forEach((path, item) -> item.readOperationsMap().keySet()
            .forEach(method -> documented.add(method + " " + path)));
        assertEquals(documented, exercised, "every documented operation was called");
        assertTrue(statuses.containsAll(Set.of(200, 201, 204, 400, 404, 409, 413, 414, 422)),
            "success and error answers were all seen: " + statuses);
        assertTrue(includedRelations.size() > 0, "included relations were checked against their schemas");
        assertTrue(exercised.stream().anyMatch(o -> o.startsWith("POST") && o.endsWith("/publish")),
            "the blog's custom action is documented and was called: " + exercised);
    }

    /** A model collection: it takes POST and has a record path beside it. */
    private boolean isCollection(String path) {
        return document.getPaths().get(path).getPost() != null && document.getPaths().containsKey(path + "/{id}");
    }

    private static boolean isAction(PathItem item) {
        return item.readOperations().stream().anyMatch(o -> o.getTags() != null && o.getTags().contains("Actions"));
    }

    /**
     * Calls each documented operation of an action with its documented parameters: a path parameter
     * that follows a model collection gets the id of a fresh record of that model, others an example
     * value; then calls it once more (the action may refuse a repeat). Every answer must be documented.
     */
    private void exerciseAction(String path, PathItem item) throws Exception {
        for (Map.Entry<PathItem.HttpMethod, Operation> entry : item.readOperationsMap().entrySet()) {
            Operation operation = entry.getValue();
            String target = path;
            List<String> query = new ArrayList<>();
            for (var parameter : operation.getParameters() == null ? List.<io.swagger.v3.oas.models.parameters.Parameter>of()
                : operation.getParameters()) {
                if (parameter.get$ref() != null) {
                    continue;
                }
                String placeholder = "{" + parameter.getName() + "}";
                if ("path".equals(parameter.getIn())) {
                    String before = path.substring(0, path.indexOf(placeholder));
                    String collection = before.endsWith("/") ? before.substring(0, before.length() - 1) : before;
                    String value = isCollectionPath(collection) ? freshRecord(collection)
                        : String.valueOf(examples.value(parameter.getSchema()));
                    target = target.replace(placeholder, encode(value));
                } else if ("query".equals(parameter.getIn())) {
                    query.add(parameter.getName() + "=" + encode(String.valueOf(examples.value(parameter.getSchema()))));
                }
            }
            if (!query.isEmpty()) {
                target += "?" + String.join("&", query);
            }
            String body = operation.getRequestBody() == null ? null : write(examples.value(requestSchema(operation)));
            call(path, entry.getKey(), operation, target, body);
            call(path, entry.getKey(), operation, target, body);
        }
    }

    private boolean isCollectionPath(String path) {
        return document.getPaths().containsKey(path) && isCollection(path);
    }

    /** Creates a record through the collection's documented POST and answers its id. */
    private String freshRecord(String collection) throws Exception {
        Operation create = document.getPaths().get(collection).getPost();
        Map<String, Object> body = examples.object(requestSchema(create));
        fillReferences(requestSchema(create), body);
        LiveCall created = LiveCall.send(server.getURL().toString(), "POST", collection, write(body));
        assertEquals(201, created.status(), created.toString());
        return (String) ((Map<?, ?>) parse(created.body()).get("data")).get("id");
    }

    /**
     * Gives every relation key column ({@code x-fx-references}: the related record's schema) the id of
     * a live record of that model, made once through its own documented POST.
     */
    private void fillReferences(Schema<?> raw, Map<String, Object> body) throws Exception {
        Schema<?> schema = checker.resolve(raw);
        if (schema.getProperties() == null) {
            return;
        }
        for (Map.Entry<String, Schema> property : schema.getProperties().entrySet()) {
            Object references = property.getValue().getExtensions() == null ? null
                : property.getValue().getExtensions().get("x-fx-references");
            if (references != null && body.containsKey(property.getKey())) {
                String collection = collectionOf(String.valueOf(references));
                String id = parents.get(collection);
                if (id == null) {
                    id = freshRecord(collection);
                    parents.put(collection, id);
                }
                body.put(property.getKey(), id);
            }
        }
    }

    /** The collection path whose records the named schema describes. */
    private String collectionOf(String recordSchema) {
        for (String path : document.getPaths().keySet()) {
            if (isCollection(path)) {
                Operation read = document.getPaths().get(path + "/{id}").getGet();
                Schema<?> data = checker.resolve(read.getResponses().get("200").getContent().get(APPLICATION_JSON)
                    .getSchema());
                String ref = data.getProperties().get("data").get$ref();
                if (ref.endsWith("/" + recordSchema)) {
                    return path;
                }
            }
        }
        throw new AssertionError("no collection of " + recordSchema);
    }

    private void exerciseModel(String collection, PathItem item, PathItem record) throws Exception {
        Map<String, Object> body = examples.object(requestSchema(item.getPost()));
        fillReferences(requestSchema(item.getPost()), body);
        LiveCall created = call(collection, PathItem.HttpMethod.POST, item.getPost(), collection, write(body), 201);
        String id = (String) ((Map<?, ?>) parse(created.body()).get("data")).get("id");
        call(collection, PathItem.HttpMethod.POST, item.getPost(), collection, write(body), 201, 409);
        Schema<?> create = checker.resolve(requestSchema(item.getPost()));
        boolean anyRequired = create.getRequired() != null && !create.getRequired().isEmpty();
        call(collection, PathItem.HttpMethod.POST, item.getPost(), collection, "{}", anyRequired ? 422 : 201);
        call(collection, PathItem.HttpMethod.POST, item.getPost(), collection, "{not json", 400);
        call(collection, PathItem.HttpMethod.POST, item.getPost(), collection,
            write(Map.of("padding", "x".repeat(5000))), 413);

        call(collection, PathItem.HttpMethod.GET, item.getGet(), collection + listQuery(item.getGet()), null, 200);
        call(collection, PathItem.HttpMethod.GET, item.getGet(), collection + "?filter=no_such_field:eq:1", null, 400);
        call(collection, PathItem.HttpMethod.GET, item.getGet(), collection + "?filter="
            + "x".repeat(9000), null, 414);
        call(collection, PathItem.HttpMethod.HEAD, item.getHead(), collection + listQuery(item.getGet()), null, 200);
        call(collection, PathItem.HttpMethod.OPTIONS, item.getOptions(), collection, null, 204);

        String recordPath = collection + "/{id}";
        String existing = collection + "/" + id;
        String missing = collection + "/" + UUID.randomUUID();
        call(recordPath, PathItem.HttpMethod.GET, record.getGet(), existing, null, 200);
        String include = includeQuery(record.getGet());
        if (include != null) {
            LiveCall withRelations = call(recordPath, PathItem.HttpMethod.GET, record.getGet(),
                existing + "?" + include, null, 200);
            Map<?, ?> data = (Map<?, ?>) parse(withRelations.body()).get("data");
            for (String key : include.substring("include=".length()).split("%2C")) {
                String top = URLDecoder.decode(key, StandardCharsets.UTF_8).split("\\.")[0];
                assertTrue(data.containsKey(top), withRelations + ": included " + top);
                includedRelations.add(recordPath + " " + top);
            }
            call(collection, PathItem.HttpMethod.GET, item.getGet(), collection + listQuery(item.getGet()) + "&" + include,
                null, 200);
            call(collection, PathItem.HttpMethod.GET, item.getGet(), collection + "?include=no_such_relation", null, 400);
        }
        call(recordPath, PathItem.HttpMethod.GET, record.getGet(), missing, null, 404);
        call(recordPath, PathItem.HttpMethod.GET, record.getGet(), collection + "/not-a-uuid", null, 404);
        call(recordPath, PathItem.HttpMethod.HEAD, record.getHead(), existing, null, 200);
        call(recordPath, PathItem.HttpMethod.HEAD, record.getHead(), missing, null, 404);
        Map<String, Object> update = examples.object(requestSchema(record.getPatch()));
        fillReferences(requestSchema(record.getPatch()), update);
        call(recordPath, PathItem.HttpMethod.PATCH, record.getPatch(), existing, write(update), 200);
        call(recordPath, PathItem.HttpMethod.PATCH, record.getPatch(), existing, write(wrongTypes(update)), 422);
        call(recordPath, PathItem.HttpMethod.PATCH, record.getPatch(), existing, "", 400);
        call(recordPath, PathItem.HttpMethod.PATCH, record.getPatch(), missing, write(update), 404);
        call(recordPath, PathItem.HttpMethod.OPTIONS, record.getOptions(), existing, null, 204);
        PathItem history = document.getPaths().get(recordPath + "/history");
        if (history != null) {
            String historyPath = recordPath + "/history";
            call(historyPath, PathItem.HttpMethod.GET, history.getGet(), existing + "/history", null, 200);
            call(historyPath, PathItem.HttpMethod.GET, history.getGet(), existing + "/history?limit=0", null, 400);
            call(historyPath, PathItem.HttpMethod.GET, history.getGet(), missing + "/history", null, 404);
            call(historyPath, PathItem.HttpMethod.HEAD, history.getHead(), existing + "/history", null, 200);
        }
        // the other sub-resources read through GET (the post summary): the record's, or its 404
        for (Map.Entry<String, PathItem> sub : document.getPaths().entrySet()) {
            String name = sub.getKey().startsWith(recordPath + "/") ? sub.getKey().substring(recordPath.length() + 1) : "";
            if (name.isEmpty() || name.contains("/") || name.equals("history") || sub.getValue().getGet() == null
                || isAction(sub.getValue())) {
                continue;
            }
            // a file field's route (it documents ranges) answers 404 FILE_NOT_SET while the field is empty
            int[] read = sub.getValue().getGet().getResponses().containsKey("206") ? new int[] {200, 404}
                : new int[] {200};
            call(sub.getKey(), PathItem.HttpMethod.GET, sub.getValue().getGet(), existing + "/" + name, null, read);
            call(sub.getKey(), PathItem.HttpMethod.GET, sub.getValue().getGet(), missing + "/" + name, null, 404);
            if (sub.getValue().getHead() != null) {
                call(sub.getKey(), PathItem.HttpMethod.HEAD, sub.getValue().getHead(), existing + "/" + name, null, read);
            }
        }
        call(recordPath, PathItem.HttpMethod.DELETE, record.getDelete(), existing, null, 204);
        call(recordPath, PathItem.HttpMethod.DELETE, record.getDelete(), existing, null, 404);
    }

    /** {@code include=} with every documented key (up to the documented maximum), or null when there are none. */
    private String includeQuery(Operation read) {
        for (var parameter : read.getParameters()) {
            if ("include".equals(parameter.getName())) {
                Schema<?> array = checker.resolve(parameter.getSchema());
                Schema<?> key = checker.resolve(array.getItems());
                if (key.getEnum() == null || key.getEnum().isEmpty()) {
                    return null;
                }
                int max = array.getMaxItems() == null ? key.getEnum().size() : array.getMaxItems();
                List<String> keys = key.getEnum().stream().limit(max).map(String::valueOf).toList();
                return "include=" + encode(String.join(",", keys));
            }
        }
        return null;
    }

    /** A list query built from the documented parameters: a filter, an OR group, a sort key, a page. */
    private String listQuery(Operation list) {
        List<String> query = new ArrayList<>();
        for (var parameter : list.getParameters()) {
            Schema<?> schema = parameter.getSchema() == null ? null : checker.resolve(parameter.getSchema());
            if (schema == null) {
                continue;
            }
            Schema<?> item = schema.getItems() == null ? null : checker.resolve(schema.getItems());
            String name = parameter.getName();
            if ((name.equals("filter") || name.equals("filter[0]")) && item != null) {
                @SuppressWarnings("unchecked")
                Map<String, List<String>> operators = (Map<String, List<String>>) item.getExtensions().get("x-fx-operators");
                operators.entrySet().stream().findFirst()
                    .ifPresent(field -> query.add(name + "=" + encode(field.getKey() + ":not_null")));
                if (name.equals("filter")) {
                    operators.keySet().stream().filter(field -> field.contains(".")).findFirst()
                        .ifPresent(field -> query.add(name + "=" + encode(field + ":not_null")));
                }
            } else if (name.equals("sort") && item != null && item.getEnum() != null) {
                query.add("sort=" + encode(String.valueOf(item.getEnum().get(item.getEnum().size() - 1))));
            }
        }
        query.add("page=1");
        query.add("limit=5");
        return "?" + String.join("&", query);
    }

    /** Every member given a value of a type its schema does not allow. */
    private Map<String, Object> wrongTypes(Map<String, Object> update) {
        Map<String, Object> wrong = new java.util.LinkedHashMap<>();
        update.keySet().forEach(name -> wrong.put(name, update.get(name) instanceof String ? (Object) 12345 : "wrong"));
        return wrong;
    }

    private LiveCall call(String path, PathItem.HttpMethod method, Operation operation, String target, String body,
                          int... expected) throws Exception {
        assertNotNull(operation, method + " " + path + " is documented");
        exercised.add(method + " " + path);
        LiveCall call = LiveCall.send(server.getURL().toString(), method.name(), target, body);
        statuses.add(call.status());
        assertTrue(expected.length == 0 || java.util.Arrays.stream(expected).anyMatch(s -> s == call.status()),
            call.toString());
        ApiResponse documented = operation.getResponses().get(String.valueOf(call.status()));
        if (documented == null && call.status() >= 400) {
            documented = operation.getResponses().get("default");
        }
        assertNotNull(documented, call + ": status not documented for " + method + " " + path);
        documented = resolve(documented);
        if (documented.getHeaders() != null) {
            for (String header : documented.getHeaders().keySet()) {
                assertTrue(call.response().headers().firstValue(header).isPresent(), call + ": header " + header);
            }
        }
        MediaType media = documented.getContent() == null ? null : documented.getContent().get(APPLICATION_JSON);
        if (media == null || method == PathItem.HttpMethod.HEAD) {
            assertTrue(call.body() == null || call.body().isEmpty(), call + ": no body documented");
        } else {
            assertEquals(APPLICATION_JSON, call.response().headers().firstValue("Content-Type").orElse(""), call.toString());
            List<String> problems = checker.check(media.getSchema(), JSON.readValue(call.body(), Object.class));
            assertEquals(List.of(), problems, call.toString());
        }
        return call;
    }

    private ApiResponse resolve(ApiResponse response) {
        if (response.get$ref() == null) {
            return response;
        }
        String name = response.get$ref().substring(response.get$ref().lastIndexOf('/') + 1);
        return document.getComponents().getResponses().get(name);
    }

    private static Schema<?> requestSchema(Operation operation) {
        io.swagger.v3.oas.models.media.MediaType json = operation.getRequestBody().getContent().get(APPLICATION_JSON);
        // a body of another type only (POST /files takes a form): sent an empty JSON object, which it refuses
        return json == null ? new io.swagger.v3.oas.models.media.ObjectSchema() : json.getSchema();
    }

    private String fetch() {
        LiveCall call = LiveCall.send(server.getURL().toString(), "GET", "/api/openapi.json", null);
        assertEquals(200, call.status(), call.toString());
        return call.body();
    }

    private static SwaggerParseResult validate(String json) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setValidateInternalRefs(true);
        return new OpenAPIV3Parser().readContents(json, null, options);
    }

    private static List<String> messages(SwaggerParseResult result) {
        return result.getMessages() == null ? List.of() : result.getMessages();
    }

    private static Map<?, ?> parse(String text) throws Exception {
        return JSON.readValue(text, Map.class);
    }

    private static String write(Object value) throws Exception {
        return JSON.writeValueAsString(value);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
