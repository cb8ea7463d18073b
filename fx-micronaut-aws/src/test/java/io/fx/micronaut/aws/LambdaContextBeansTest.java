package io.fx.micronaut.aws;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The Lambda context beans: registered once per function instance (Micronaut's default registers them again on every
 * invocation, a cost that grows with the bean count), each answering for the invocation being served.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LambdaContextBeansTest {

    private FxApiGatewayV1Function function;

    @BeforeAll
    void start() {
        TestDatabases.empty("lambda_context").forEach((name, value) -> System.setProperty(name, value.toString()));
        function = new FxApiGatewayV1Function();
    }

    @AfterAll
    void stop() {
        function.close();
        TestDatabases.empty("lambda_context").keySet().forEach(System::clearProperty);
    }

    private int invoke(Context context) {
        return function.handleRequest(Events.v1("GET", "/api/notes", null, Map.of(), null), context).getStatusCode();
    }

    @Test
    void oneContextBeanAnswersForTheInvocationBeingServed() {
        List<String> firstLog = new ArrayList<>();
        assertEquals(200, invoke(new InvocationContext("first", firstLog::add, "identity-1")));
        ApplicationContext beans = function.getApplicationContext();
        Context context = beans.getBean(Context.class);
        LambdaLogger logger = beans.getBean(LambdaLogger.class);
        CognitoIdentity identity = beans.getBean(CognitoIdentity.class);
        assertEquals("first", context.getAwsRequestId());
        assertEquals("identity-1", identity.getIdentityId());

        List<String> secondLog = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            assertEquals(200, invoke(new InvocationContext("second-" + i, secondLog::add, "identity-2")));
        }
        assertEquals(1, beans.getBeansOfType(Context.class).size(), "the context is registered once");
        assertEquals(1, beans.getBeansOfType(LambdaLogger.class).size());
        assertEquals("second-4", context.getAwsRequestId(), "the bean answers for the current invocation");
        assertEquals("second-4", beans.getBean(Context.class).getAwsRequestId());
        assertEquals("identity-2", identity.getIdentityId());
        assertEquals(12_345, context.getRemainingTimeInMillis());
        logger.log("hello");
        assertEquals(List.of("hello"), secondLog, "the current invocation's logger receives the line");
        assertFalse(firstLog.contains("hello"));

        assertEquals(200, invoke(new InvocationContext("third", null, null)));
        assertEquals("third", context.getAwsRequestId());
        assertNull(identity.getIdentityId(), "an invocation without an identity answers null");
        logger.log("dropped");
        assertEquals(List.of("hello"), secondLog);
    }

    /** A context as the runtime hands one over, with the parts the test varies. */
    private record InvocationContext(String requestId, java.util.function.Consumer<String> lines, String identityId)
        implements Context {

        @Override
        public String getAwsRequestId() {
            return requestId;
        }

        @Override
        public String getLogGroupName() {
            return "/aws/lambda/blog";
        }

        @Override
        public String getLogStreamName() {
            return "stream";
        }

        @Override
        public String getFunctionName() {
            return "blog";
        }

        @Override
        public String getFunctionVersion() {
            return "$LATEST";
        }

        @Override
        public String getInvokedFunctionArn() {
            return "arn:aws:lambda:eu-west-1:123456789012:function:blog";
        }

        @Override
        public CognitoIdentity getIdentity() {
            return identityId == null ? null : new CognitoIdentity() {
                @Override
                public String getIdentityId() {
                    return identityId;
                }

                @Override
                public String getIdentityPoolId() {
                    return "pool";
                }
            };
        }

        @Override
        public ClientContext getClientContext() {
            return null;
        }

        @Override
        public int getRemainingTimeInMillis() {
            return 12_345;
        }

        @Override
        public int getMemoryLimitInMB() {
            return 1024;
        }

        @Override
        public LambdaLogger getLogger() {
            return lines == null ? null : new LambdaLogger() {
                @Override
                public void log(String message) {
                    lines.accept(message);
                }

                @Override
                public void log(byte[] message) {
                    lines.accept(new String(message, java.nio.charset.StandardCharsets.UTF_8));
                }
            };
        }
    }
}
