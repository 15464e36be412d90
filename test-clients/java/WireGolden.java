import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.jute.BinaryOutputArchive;
import org.apache.jute.Record;
import org.apache.zookeeper.MultiOperationRecord;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.proto.AddWatchRequest;
import org.apache.zookeeper.proto.GetAllChildrenNumberRequest;
import org.apache.zookeeper.proto.GetSASLRequest;
import org.apache.zookeeper.proto.RemoveWatchesRequest;
import org.apache.zookeeper.proto.RequestHeader;
import org.apache.zookeeper.proto.SyncRequest;

/**
 * Prints the bytes ZooKeeper's own client encoder writes for each request the explorer's wire
 * layer encodes (server/zk/wire/jute.ts), for its golden-bytes tests:
 *   javac -cp /usr/share/java/zookeeper.jar:/usr/share/java/zookeeper-jute.jar WireGolden.java && java -cp …:. WireGolden
 */
public class WireGolden {
  static String packet(int xid, int type, Record body) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryOutputArchive archive = BinaryOutputArchive.getArchive(out);
    archive.writeInt(-1, "len");
    new RequestHeader(xid, type).serialize(archive, "header");
    body.serialize(archive, "request");
    ByteBuffer bytes = ByteBuffer.wrap(out.toByteArray());
    bytes.putInt(0, bytes.capacity() - 4);
    StringBuilder hex = new StringBuilder();
    for (byte b : bytes.array()) hex.append(String.format("%02x", b));
    return hex.toString();
  }
  public static void main(String[] args) throws Exception {
    System.out.println("multiRead " + packet(7, ZooDefs.OpCode.multiRead, new MultiOperationRecord(Arrays.asList(Op.getData("/locks/a"), Op.getData("/b")))));
    System.out.println("sasl-empty " + packet(1, ZooDefs.OpCode.sasl, new GetSASLRequest(new byte[0])));
    System.out.println("sasl-token " + packet(2, ZooDefs.OpCode.sasl, new GetSASLRequest("charset=utf-8".getBytes("UTF-8"))));
    System.out.println("sync " + packet(3, ZooDefs.OpCode.sync, new SyncRequest("/locks")));
    System.out.println("addWatch " + packet(4, ZooDefs.OpCode.addWatch, new AddWatchRequest("/locks/a", 1)));
    System.out.println("multiReadChildren " + packet(8, ZooDefs.OpCode.multiRead, new MultiOperationRecord(Arrays.asList(Op.getChildren("/locks/a"), Op.getChildren("/b")))));
    System.out.println("getAllChildrenNumber " + packet(9, ZooDefs.OpCode.getAllChildrenNumber, new GetAllChildrenNumberRequest("/locks")));
    System.out.println("removeWatches " + packet(5, ZooDefs.OpCode.removeWatches, new RemoveWatchesRequest("/locks/a", 3)));
  }
}
