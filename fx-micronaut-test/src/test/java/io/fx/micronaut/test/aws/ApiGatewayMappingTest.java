package io.fx.micronaut.test.aws;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The request-to-event mapping, as API Gateway fills each payload format in. */
class ApiGatewayMappingTest {

    private static final GatewayRequest LIST = new GatewayRequest("GET", "/api/memos",
        "filter=name:in:a%2Cb&filter=stars:gte:2&sort=name+asc",
        Map.of("Accept", List.of("application/json"), "X-Tag", List.of("one", "two"), "Cookie", List.of("a=1; b=2")),
        new byte[0], "192.0.2.9", "req-1");

    @Test
    void aRestApiEventCarriesDecodedMultiValueMaps() {
        APIGatewayProxyRequestEvent event = ApiGatewayMapping.v1(LIST);
        assertEquals("GET", event.getHttpMethod());
        assertEquals("/api/memos", event.getPath());
        assertEquals(List.of("name:in:a,b", "stars:gte:2"), event.getMultiValueQueryStringParameters().get("filter"));
        assertEquals("stars:gte:2", event.getQueryStringParameters().get("filter"), "the last value");
        assertEquals("name asc", event.getQueryStringParameters().get("sort"));
        assertEquals(List.of("one", "two"), event.getMultiValueHeaders().get("X-Tag"));
        assertEquals("two", event.getHeaders().get("X-Tag"));
        assertEquals("192.0.2.9", event.getRequestContext().getIdentity().getSourceIp());
        assertEquals("req-1", event.getRequestContext().getRequestId());
        assertNull(event.getBody());
        assertFalse(event.getIsBase64Encoded());
    }

    @Test
    void anHttpApiEventKeepsTheRawQueryAndCommaJoinsRepeatedValues() {
        APIGatewayV2HTTPEvent event = ApiGatewayMapping.v2(LIST);
        assertEquals("filter=name:in:a%2Cb&filter=stars:gte:2&sort=name+asc", event.getRawQueryString());
        assertEquals("name:in:a,b,stars:gte:2", event.getQueryStringParameters().get("filter"));
        assertEquals("one,two", event.getHeaders().get("x-tag"));
        assertEquals(List.of("a=1", "b=2"), event.getCookies());
        assertFalse(event.getHeaders().containsKey("cookie"));
        assertEquals("GET", event.getRequestContext().getHttp().getMethod());
        assertEquals("192.0.2.9", event.getRequestContext().getHttp().getSourceIp());
        assertEquals("req-1", event.getRequestContext().getRequestId());
    }

    @Test
    void textBodiesPassAsTheyAreAndOthersAsBase64() {
        byte[] json = "{\"name\":\"Grüße\"}".getBytes(StandardCharsets.UTF_8);
        GatewayRequest text = new GatewayRequest("POST", "/api/memos", null,
            Map.of("Content-Type", List.of("application/json")), json, "192.0.2.9", "req-2");
        assertEquals("{\"name\":\"Grüße\"}", ApiGatewayMapping.v2(text).getBody());
        assertFalse(ApiGatewayMapping.v1(text).getIsBase64Encoded());
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0, (byte) 0xff};
        GatewayRequest binary = new GatewayRequest("POST", "/api/memos", null,
            Map.of("Content-Type", List.of("image/png")), png, "192.0.2.9", "req-3");
        APIGatewayV2HTTPEvent v2 = ApiGatewayMapping.v2(binary);
        assertTrue(v2.getIsBase64Encoded());
        assertArrayEquals(png, Base64.getDecoder().decode(v2.getBody()));
        assertTrue(ApiGatewayMapping.v1(binary).getIsBase64Encoded());
    }

    @Test
    void answersComeBackAsTheClientSeesThem() {
        GatewayResponse v1 = ApiGatewayMapping.response(new APIGatewayProxyResponseEvent().withStatusCode(201)
            .withMultiValueHeaders(Map.of("Location", List.of("/api/memos/1"))).withBody("{}"));
        assertEquals(201, v1.status());
        assertEquals(List.of("/api/memos/1"), v1.headers().get("location"));
        assertArrayEquals("{}".getBytes(StandardCharsets.UTF_8), v1.body());
        GatewayResponse v2 = ApiGatewayMapping.response(APIGatewayV2HTTPResponse.builder().withStatusCode(200)
            .withHeaders(Map.of("Content-Type", "image/png")).withCookies(List.of("s=1; HttpOnly"))
            .withBody(Base64.getEncoder().encodeToString(new byte[] {1, 2})).withIsBase64Encoded(true).build());
        assertArrayEquals(new byte[] {1, 2}, v2.body());
        assertEquals(List.of("s=1; HttpOnly"), v2.headers().get("Set-Cookie"));
    }
}
