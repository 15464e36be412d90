// One application thread that takes two Curator locks in a given order, as a real application
// would: with the other order in another process, the two deadlock for good.
//
//   java Deadlock <connect> <firstLock> <secondLock>
//
// Prints one JSON object per line: {"event":"session","session":"0x…"}, then
// {"event":"acquired","lock":"<first>"}; on the line "go" from stdin it asks for the second lock
// and prints {"event":"asking","lock":"<second>"} (and {"event":"acquired",…} should it ever get
// it). "quit" on stdin closes the session and exits.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.retry.RetryOneTime;

public class Deadlock {
  static synchronized void emit(String json) {
    System.out.println(json);
    System.out.flush();
  }

  public static void main(String[] args) throws Exception {
    String connect = args[0];
    String first = args[1];
    String second = args[2];
    CuratorFramework client = CuratorFrameworkFactory.newClient(connect, 10000, 10000, new RetryOneTime(100));
    client.start();
    client.blockUntilConnected();
    emit("{\"event\":\"session\",\"session\":\"0x" + Long.toHexString(client.getZookeeperClient().getZooKeeper().getSessionId()) + "\"}");
    InterProcessMutex one = new InterProcessMutex(client, first);
    InterProcessMutex two = new InterProcessMutex(client, second);
    one.acquire();
    emit("{\"event\":\"acquired\",\"lock\":\"" + first + "\"}");
    Thread worker = new Thread(() -> {
      try {
        two.acquire();
        emit("{\"event\":\"acquired\",\"lock\":\"" + second + "\"}");
      } catch (Exception error) {
        // Interrupted at quit.
      }
    });
    worker.setDaemon(true);
    BufferedReader input = new BufferedReader(new InputStreamReader(System.in));
    String line;
    while ((line = input.readLine()) != null) {
      if (line.equals("go")) {
        emit("{\"event\":\"asking\",\"lock\":\"" + second + "\"}");
        worker.start();
      } else if (line.equals("quit")) {
        break;
      }
    }
    client.close();
    System.exit(0);
  }
}
