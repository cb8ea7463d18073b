import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.fx.micronaut.aws.FxApiGatewayV2Function;
import io.fx.micronaut.aws.MigrationFunction;
import io.micronaut.function.aws.proxy.MockLambdaContext;

import java.util.Map;

/**
 * Run by ArchetypeProjectTest in a JVM of its own, in source-file mode, on a generated project's shaded Lambda jar
 * alone ({@code java -cp target/shop-lambda.jar InvokeItemsFunction.java}), as a deployment runs it: the jar's
 * MigrationFunction first, then its FxApiGatewayV2Function (both built as the Lambda runtime builds them, in the
 * environment lambda) invoked with HTTP API (payload 2.0) events: a POST of an item, then GET /api/items filtered on
 * it. Prints each answer as "ANSWER <method> <status> <body>". The database comes from -Ddatasources.default.url.
 */
public class InvokeItemsFunction {

    public static void main(String[] args) throws Exception {
        try (MigrationFunction migration = new MigrationFunction()) {
            System.out.println("MIGRATED " + migration.handleRequest(Map.of(), new MockLambdaContext()));
        }
        try (FxApiGatewayV2Function function = new FxApiGatewayV2Function()) {
            answer("POST", function.handleRequest(event("POST", "/api/items", "",
                "{\"name\":\"lambda-widget\",\"quantity\":2}"), new MockLambdaContext()));
            answer("GET", function.handleRequest(event("GET", "/api/items", "filter=name:eq:lambda-widget", null),
                new MockLambdaContext()));
        }
        // Micronaut's io-executor thread outlives the closed context by its 60 s keep-alive (on Lambda the
        // runtime freezes it instead)
        System.exit(0);
    }

    private static APIGatewayV2HTTPEvent event(String method, String path, String query, String body) {
        return APIGatewayV2HTTPEvent.builder().withVersion("2.0").withRouteKey("$default").withRawPath(path)
            .withRawQueryString(query)
            .withHeaders(body == null ? Map.of("accept", "application/json")
                : Map.of("accept", "application/json", "content-type", "application/json"))
            .withRequestContext(APIGatewayV2HTTPEvent.RequestContext.builder().withRequestId("invoke-" + method)
                .withRouteKey("$default").withStage("$default")
                .withHttp(APIGatewayV2HTTPEvent.RequestContext.Http.builder().withMethod(method).withPath(path)
                    .withProtocol("HTTP/1.1").withSourceIp("203.0.113.9").build())
                .build())
            .withBody(body).withIsBase64Encoded(false).build();
    }

    private static void answer(String method, APIGatewayV2HTTPResponse response) {
        System.out.println("ANSWER " + method + " " + response.getStatusCode() + " " + response.getBody());
    }
}
