package io.fx.micronaut.action;

import io.fx.micronaut.action.ActionPaths;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.http.HttpMethod;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ActionPathsTest {

    private static Action get(String path) {
        return Action.get(path, context -> null);
    }

    @Test
    void segmentsAndShapeIgnoreParameterNames() {
        Action a = get("/orders/{id}/pay");
        List<String> segments = ActionPaths.segments(a);
        assertEquals(List.of("orders", "{id}", "pay"), segments);
        assertEquals("GET /orders/{}/pay", ActionPaths.shape(a, segments));
        assertEquals(ActionPaths.shape(a, segments),
            ActionPaths.shape(get("/orders/{order}/pay"), ActionPaths.segments(get("/orders/{order}/pay"))));
        Action post = Action.of(HttpMethod.POST, "/orders/{id}/pay", context -> null);
        assertTrue(!ActionPaths.shape(post, segments).equals(ActionPaths.shape(a, segments)));
    }

    @Test
    void malformedPathsAreRefusedNamingTheAction() {
        for (String path : List.of("orders", "/", "/orders/", "/a//b", "/orders/{1d}", "/orders/{id", "/with space")) {
            FxConfigurationException e = assertThrows(FxConfigurationException.class, () -> ActionPaths.segments(get(path)),
                path);
            assertTrue(e.getMessage().startsWith("Action GET " + path + ":"), e.getMessage());
        }
    }
}
